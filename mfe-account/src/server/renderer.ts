// The account remote's renderer (issue #39): its routes, declarations and catalogues handed to the
// shared route renderer of @pupitre/mf-runtime (docs/renderers.md). It renders /auth (the sign-in
// and sign-up forms); its signed-in pages are never server-rendered.
import type { RouteDeclaration } from '@pupitre/contracts';
import { createRouteRenderer } from '@pupitre/mf-runtime/src/server';
import { catalogues, NAMESPACE } from '../i18n';
import declarations from '../route-declarations.json';
import routes from '../routes';

export const accountRenderer = createRouteRenderer({
  remote: 'account',
  routes,
  declarations: declarations as RouteDeclaration[],
  namespaces: { [NAMESPACE]: catalogues },
});
