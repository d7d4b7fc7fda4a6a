// A remote's route declarations as its build reads them (apart from the rspack plugin, so that
// tests load it without the bundler).
import fs from 'node:fs';
import path from 'node:path';

/** The declarations a remote ships: `$MFE_ROUTE_DECLARATIONS` (a variant build) or src/route-declarations.json. */
export function readRouteDeclarations(appDir, env = process.env) {
  const file = env.MFE_ROUTE_DECLARATIONS ? path.resolve(env.MFE_ROUTE_DECLARATIONS) : path.join(appDir, 'src/route-declarations.json');
  const routes = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (
    !Array.isArray(routes) ||
    routes.length === 0 ||
    routes.some((r) => typeof r?.path !== 'string' || !r.path.startsWith('/') || !r.title)
  ) {
    throw new Error(`${file}: expected a non-empty array of { path: "/...", title: { fr, es, en }, ... } (routeDeclarationSchema)`);
  }
  // `render: true`: the remote's renderer server-renders the page (issue #39); it goes into the
  // manifest as is, for the composer.
  const badRender = routes.find((r) => r.render !== undefined && typeof r.render !== 'boolean');
  if (badRender) throw new Error(`${file}: ${badRender.path}: "render" must be true or false`);
  return { file, routes };
}
