// @pupitre/review-ui: what every screen that shows reviews shares (the review card with its vote,
// favourite and report controls and its criteria, relatable bar, subject chip, teacher search box, and the
// screen frame). Bundled into each remote that uses it (not a federation singleton); importing it
// registers its `review-ui` translation namespace on the shared i18next instance.
import { registerReviewUi } from './i18n';

registerReviewUi();

export { REVIEW_UI_NAMESPACE, reviewUiCatalogues, registerReviewUi } from './i18n';
export * from './format';
export * from './review-book';
export { RelatableBar } from './RelatableBar';
export { SubjectChip } from './SubjectChip';
export { ReviewCard, type ReviewCardProps } from './ReviewCard';
export { ReviewCriteria } from './ReviewCriteria';
export { ReportDialog } from './ReportDialog';
export { TeacherSearch, isSearchable, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, type TeacherSearchProps } from './TeacherSearch';
export { Screen } from './Screen';
export { useSignedIn, useGoToAuth } from './session';
