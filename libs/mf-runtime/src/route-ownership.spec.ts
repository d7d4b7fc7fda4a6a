import { REMOTE_NAMES, ROUTE_OWNERSHIP, remoteRoutes } from './route-ownership';

test('every path has exactly one owner', () => {
  const all = Object.values(ROUTE_OWNERSHIP).flat();
  expect(new Set(all).size).toBe(all.length);
});

test('remoteRoutes lists every remote-owned path with its owner', () => {
  expect(remoteRoutes()).toHaveLength(REMOTE_NAMES.reduce((n, r) => n + ROUTE_OWNERSHIP[r].length, 0));
  expect(remoteRoutes()).toContainEqual({ remote: 'community', path: '/teacher/:id' });
});
