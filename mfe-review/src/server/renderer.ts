// The review remote's renderer (issue #39): its routes, declarations and catalogues handed to the
// shared route renderer of @pupitre/mf-runtime (docs/renderers.md). It renders /publication (the
// form, with the subjects' legend) and /transparence.
import type { RouteDeclaration } from '@pupitre/contracts';
import { createRouteRenderer } from '@pupitre/mf-runtime/src/server';
import { REVIEW_UI_NAMESPACE, reviewUiCatalogues } from '@pupitre/review-ui';
import { catalogues, NAMESPACE } from '../i18n';
import declarations from '../route-declarations.json';
import routes from '../routes';

export const reviewRenderer = createRouteRenderer({
  remote: 'review',
  routes,
  declarations: declarations as RouteDeclaration[],
  namespaces: { [NAMESPACE]: catalogues, [REVIEW_UI_NAMESPACE]: reviewUiCatalogues },
});
