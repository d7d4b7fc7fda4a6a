// The checks of a remote's route declarations at build time (no rspack here: unit-tested alone), and
// the shape the manifest carries them in (./route-declarations.mjs writes it). The shell checks them
// again at run time with the contract (parseRouteDeclarations, parseNavDeclarations in
// @pupitre/contracts, libs/contracts/src/front-end-routes.ts): keep the two in step.
import fs from 'node:fs';
import path from 'node:path';

const NAV_AUDIENCES = ['everyone', 'signed-in', 'signed-out', 'staff'];
const NAV_KEYS = ['label', 'order', 'audience', 'style'];
const LANGUAGES = ['fr', 'es', 'en'];

/** What is wrong with a page's `nav` (the contract's rules, said in the build's words), or null. */
export function navProblem(route) {
  const { nav } = route;
  if (nav === undefined) return null;
  const at = `${route.path}: nav`;
  if (route.path.includes(':')) return `${at}: only a page without parameters can be in the navbar`;
  if (!nav || typeof nav !== 'object' || Array.isArray(nav)) return `${at} must be { label, order, audience, style? }`;
  const unknown = Object.keys(nav).find((key) => !NAV_KEYS.includes(key));
  if (unknown) return `${at}.${unknown} is not a known key (${NAV_KEYS.join(', ')})`;
  const { label, order, audience, style } = nav;
  if (
    !label ||
    typeof label !== 'object' ||
    Object.keys(label).length !== 3 ||
    !LANGUAGES.every((lang) => typeof label[lang] === 'string' && label[lang].trim() !== '' && label[lang].length <= 40)
  )
    return `${at}.label must be { fr, es, en }, each 1 to 40 characters`;
  if (!Number.isInteger(order) || order < 0 || order > 1000) return `${at}.order must be an integer from 0 to 1000`;
  if (!NAV_AUDIENCES.includes(audience)) return `${at}.audience must be one of ${NAV_AUDIENCES.join(', ')}`;
  if (style !== undefined && style !== 'link' && style !== 'button') return `${at}.style must be "link" or "button"`;
  return null;
}

/**
 * The declarations a remote ships: `$MFE_ROUTE_DECLARATIONS` (a variant build) or
 * src/route-declarations.json, checked (the shell checks them again, with the contract).
 */
export function readRouteDeclarations(appDir, env = process.env) {
  const file = env.MFE_ROUTE_DECLARATIONS ? path.resolve(env.MFE_ROUTE_DECLARATIONS) : path.join(appDir, 'src/route-declarations.json');
  const routes = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (
    !Array.isArray(routes) ||
    routes.length === 0 ||
    routes.some((r) => typeof r?.path !== 'string' || !r.path.startsWith('/') || !r.title)
  ) {
    throw new Error(`${file}: expected a non-empty array of { path: "/...", title: { fr, es, en }, ... } (parseRouteDeclarations)`);
  }
  // `render: true`: the remote's renderer server-renders the page (issue #39); it goes into the
  // manifest as is, for the composer.
  const badRender = routes.find((r) => r.render !== undefined && typeof r.render !== 'boolean');
  if (badRender) throw new Error(`${file}: ${badRender.path}: "render" must be true or false`);
  // A page for signed-in visitors only is never server-rendered: the client decides sign-in on its
  // first render, signed out while hydrating.
  const signedInRender = routes.find((r) => r.render === true && r.signIn === true);
  if (signedInRender) throw new Error(`${file}: ${signedInRender.path}: a page with "signIn": true cannot have "render": true`);
  const problems = routes.map(navProblem).filter(Boolean);
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  if (routes.filter((r) => r.nav).length > 10) throw new Error(`${file}: at most 10 pages may be in the navbar`);
  return { file, routes };
}

/** What the manifest carries: the pages without their `nav`, and the links as a list of their own. */
export function manifestDeclarations(routes) {
  return {
    routes: routes.map(({ nav: _nav, ...route }) => route),
    nav: routes.filter((route) => route.nav).map((route) => ({ path: route.path, ...route.nav })),
  };
}
