// Exposed as `community/routes`: the paths this micro-frontend owns, each mapped to its screen
// (declared with their titles and first reads in route-declarations.json, which the build puts in
// the manifest for the shell). Loading it also adds the `community` namespace to i18next.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { catalogues } from './i18n';
import { CommunityPage } from './screens/CommunityPage';
import { RankingPage } from './screens/RankingPage';
import { TeacherPage } from './screens/TeacherPage';

addNamespace('community', catalogues);

const routes = {
  '/communaute': CommunityPage,
  '/teacher/:id': TeacherPage,
  '/ranking': RankingPage,
} satisfies Record<string, ComponentType>;

export default routes;
