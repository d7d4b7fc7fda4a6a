import { addNamespace } from '@pupitre/i18n';
import en from './en';
import es from './es';
import fr from './fr';

export const REVIEW_UI_NAMESPACE = 'review-ui';
export const reviewUiCatalogues = { fr, es, en };

/** Adds the `review-ui` namespace to the shared instance (idempotent; each remote that bundles this library calls it). */
export function registerReviewUi(): void {
  addNamespace(REVIEW_UI_NAMESPACE, reviewUiCatalogues);
}
