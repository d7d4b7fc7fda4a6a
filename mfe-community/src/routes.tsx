// Exposed as `community/routes`: the paths this micro-frontend owns (see the ownership table in
// @pupitre/mf-runtime), each mapped to its screen. Loading it also adds the `community` namespace
// to the shared i18next instance.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import type { OwnedPath } from '@pupitre/mf-runtime';
import { catalogues } from './i18n';
import { CommunityPage } from './screens/CommunityPage';
import { RankingPage } from './screens/RankingPage';
import { TeacherPage } from './screens/TeacherPage';

addNamespace('community', catalogues);

const routes = {
  '/communaute': CommunityPage,
  '/teacher/:id': TeacherPage,
  '/ranking': RankingPage,
} satisfies Record<OwnedPath<'community'>, ComponentType>;

export default routes;
