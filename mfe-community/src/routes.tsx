// Exposed as `community/routes`: the paths this micro-frontend owns, each mapped to its screen
// (declared with their titles and first reads in route-declarations.json, which the build puts in
// the manifest for the shell). Loading it also adds the `community` namespace to i18next.
// Each screen is a chunk of its own (lazyScreen), named after its path: a page loads only its own.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { lazyScreen } from '@pupitre/ui';
import { catalogues } from './i18n';

addNamespace('community', catalogues);

const routes = {
  '/communaute': lazyScreen(() => import(/* webpackChunkName: "route-communaute" */ './screens/CommunityPage'), 'CommunityPage'),
  '/teacher/:id': lazyScreen(() => import(/* webpackChunkName: "route-teacher-id" */ './screens/TeacherPage'), 'TeacherPage'),
  '/ranking': lazyScreen(() => import(/* webpackChunkName: "route-ranking" */ './screens/RankingPage'), 'RankingPage'),
} satisfies Record<string, ComponentType>;

export default routes;
