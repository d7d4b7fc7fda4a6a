// Exposed as `review/routes`: the paths this micro-frontend owns, each mapped to its screen.
// Loading it also adds the `review` namespace to the shared i18next instance.
// Each screen is a chunk of its own (lazyScreen), named after its path: a page loads only its own.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { lazyScreen } from '@pupitre/ui';
import { catalogues } from './i18n';

addNamespace('review', catalogues);

const routes = {
  '/publication': lazyScreen(() => import(/* webpackChunkName: "route-publication" */ './screens/PublicationPage'), 'PublicationPage'),
  '/publication/complete': lazyScreen(
    () => import(/* webpackChunkName: "route-publication-complete" */ './screens/PublicationCompletePage'),
    'PublicationCompletePage',
  ),
  '/review/:id/edit': lazyScreen(() => import(/* webpackChunkName: "route-review-id-edit" */ './screens/ReviewEditPage'), 'ReviewEditPage'),
  '/moderation': lazyScreen(() => import(/* webpackChunkName: "route-moderation" */ './moderation/ModerationPage'), 'ModerationPage'),
  '/transparence': lazyScreen(
    () => import(/* webpackChunkName: "route-transparence" */ './transparency/TransparencyPage'),
    'TransparencyPage',
  ),
  '/reponses': lazyScreen(() => import(/* webpackChunkName: "route-reponses" */ './replies/RepliesPage'), 'RepliesPage'),
} satisfies Record<string, ComponentType>;

export default routes;
