// Exposed as `account/routes`: the paths this micro-frontend owns, each mapped to its screen.
// Loading it also adds the `account` namespace to the shared i18next instance.
// Each screen is a chunk of its own (lazyScreen), named after its path: a page loads only its own.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { lazyScreen } from '@pupitre/ui';
import { catalogues } from './i18n';
import { signedInOnly } from './screens/signed-in-only';

addNamespace('account', catalogues);

const routes = {
  '/auth': lazyScreen(() => import(/* webpackChunkName: "route-auth" */ './screens/AuthPage'), 'AuthPage'),
  '/me': signedInOnly(lazyScreen(() => import(/* webpackChunkName: "route-me" */ './screens/ProfilePages'), 'ProfilePage')),
  '/me/favorites': signedInOnly(
    lazyScreen(() => import(/* webpackChunkName: "route-me-favorites" */ './screens/ProfilePages'), 'FavoritesPage'),
  ),
  '/me/reviews': signedInOnly(
    lazyScreen(() => import(/* webpackChunkName: "route-me-reviews" */ './screens/ProfilePages'), 'MyReviewsPage'),
  ),
  '/me/reports': signedInOnly(lazyScreen(() => import(/* webpackChunkName: "route-me-reports" */ './screens/ReportsPage'), 'ReportsPage')),
  '/me/teacher': signedInOnly(
    lazyScreen(() => import(/* webpackChunkName: "route-me-teacher" */ './screens/teacher/TeacherSpacePage'), 'TeacherSpacePage'),
  ),
  '/me/teacher-invitation/:token': signedInOnly(
    lazyScreen(
      () => import(/* webpackChunkName: "route-me-teacher-invitation-token" */ './screens/teacher/TeacherInvitationPage'),
      'TeacherInvitationPage',
    ),
  ),
  '/settings': lazyScreen(() => import(/* webpackChunkName: "route-settings" */ './screens/SettingsPage'), 'SettingsPage'),
  '/google/login': lazyScreen(() => import(/* webpackChunkName: "route-google-login" */ './screens/ActivationPages'), 'GoogleLoginPage'),
  '/activate/:uid/:token': lazyScreen(
    () => import(/* webpackChunkName: "route-activate-uid-token" */ './screens/ActivationPages'),
    'ActivatePage',
  ),
  '/password/reset/confirm/:uid/:token': lazyScreen(
    () => import(/* webpackChunkName: "route-password-reset-confirm-uid-token" */ './screens/ActivationPages'),
    'PasswordResetConfirmPage',
  ),
} satisfies Record<string, ComponentType>;

export default routes;
