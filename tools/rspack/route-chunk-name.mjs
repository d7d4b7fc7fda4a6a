// The chunk a page's screen is loaded in (lazyScreen in @pupitre/ui), named after its path: the
// build lists that chunk's files in the manifest (./route-declarations.mjs).

/** The chunk a page's screen is loaded in: '/teacher/:id' → 'route-teacher-id', '/' → 'route'. */
export function routeChunkName(routePath) {
  return [
    'route',
    ...routePath
      .split('/')
      .filter(Boolean)
      .map((segment) => segment.replace(/^:/, '')),
  ].join('-');
}
