// Exposed as `review/routes`: the paths this micro-frontend owns, each mapped to its screen.
// Loading it also adds the `review` namespace to the shared i18next instance.
import { type ComponentType } from 'react';
import { addNamespace } from '@pupitre/i18n';
import { catalogues } from './i18n';
import { ModerationPage } from './moderation/ModerationPage';
import { RepliesPage } from './replies/RepliesPage';
import { TransparencyPage } from './transparency/TransparencyPage';
import { PublicationCompletePage } from './screens/PublicationCompletePage';
import { PublicationPage } from './screens/PublicationPage';
import { ReviewEditPage } from './screens/ReviewEditPage';

addNamespace('review', catalogues);

const routes = {
  '/publication': PublicationPage,
  '/publication/complete': PublicationCompletePage,
  '/review/:id/edit': ReviewEditPage,
  '/moderation': ModerationPage,
  '/transparence': TransparencyPage,
  '/reponses': RepliesPage,
} satisfies Record<string, ComponentType>;

export default routes;
