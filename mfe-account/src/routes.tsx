// Exposed as `account/routes`: the paths this micro-frontend owns, each mapped to its screen.
// Loading it also adds the `account` namespace to the shared i18next instance.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { catalogues } from './i18n';
import { AuthPage } from './screens/AuthPage';
import { ActivatePage, GoogleLoginPage, PasswordResetConfirmPage } from './screens/ActivationPages';
import { FavoritesPage, MyReviewsPage, ProfilePage } from './screens/ProfilePages';
import { ReportsPage } from './screens/ReportsPage';
import { SettingsPage } from './screens/SettingsPage';
import { signedInOnly } from './screens/signed-in-only';
import { TeacherInvitationPage } from './screens/teacher/TeacherInvitationPage';
import { TeacherSpacePage } from './screens/teacher/TeacherSpacePage';

addNamespace('account', catalogues);

const routes = {
  '/auth': AuthPage,
  '/me': signedInOnly(ProfilePage),
  '/me/favorites': signedInOnly(FavoritesPage),
  '/me/reviews': signedInOnly(MyReviewsPage),
  '/me/reports': signedInOnly(ReportsPage),
  '/me/teacher': signedInOnly(TeacherSpacePage),
  '/me/teacher-invitation/:token': signedInOnly(TeacherInvitationPage),
  '/settings': SettingsPage,
  '/google/login': GoogleLoginPage,
  '/activate/:uid/:token': ActivatePage,
  '/password/reset/confirm/:uid/:token': PasswordResetConfirmPage,
} satisfies Record<string, ComponentType>;

export default routes;
