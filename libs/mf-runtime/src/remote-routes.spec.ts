import { buildRouteTable, findRemoteRoute, routeReads, routesFromManifest } from './remote-routes';

const title = { fr: 'Professeur', es: 'Profesor', en: 'Teacher' };
const teacher = {
  path: '/teacher/:id',
  title,
  reads: [
    { path: '/api/teacher/:id', auth: true },
    { path: '/api/teacher/:id/reviews?limit=50', auth: true },
  ],
};

test('a manifest carries its routes under pupitre.routes, checked by the contract', () => {
  expect(routesFromManifest('community', { name: 'community', pupitre: { routes: [teacher] } })).toEqual([teacher]);
  expect(() => routesFromManifest('community', { name: 'community' })).toThrow(/community: its manifest declares no valid routes/);
  expect(() => routesFromManifest('community', { pupitre: { routes: [{ path: 'teacher', title }] } })).toThrow(/no valid routes/);
  expect(() => routesFromManifest('community', { pupitre: { routes: [{ path: '/x', title: { fr: 'x' } }] } })).toThrow(/no valid routes/);
});

test('a concrete path finds its route and parameters; reads take the values, a suspicious one reads nothing', () => {
  const table = buildRouteTable([['community', [teacher, { path: '/ranking', title }]]], ['/']);
  const found = findRemoteRoute(table, '/teacher/12');
  expect(found).toMatchObject({ route: { remote: 'community', path: '/teacher/:id' }, params: { id: '12' } });
  expect(routeReads(found!.route, found!.params)).toEqual([
    { path: '/api/teacher/12', auth: true },
    { path: '/api/teacher/12/reviews?limit=50', auth: true },
  ]);
  expect(routeReads(teacher, { id: '1 OR 1' })).toEqual([]);
  expect(findRemoteRoute(table, '/ranking/')?.route.path).toBe('/ranking');
  expect(findRemoteRoute(table, '/')).toBeNull();
  expect(findRemoteRoute(table, '/teacher/%E0')).toBeNull();
});

test('an unreadable remote is listed as unavailable', () => {
  const report = jest.fn();
  const table = buildRouteTable([['review', new Error('HTTP 503')]], [], report);
  expect(table).toEqual({ routes: [], unavailable: ['review'] });
  expect(report).toHaveBeenCalledWith(expect.stringContaining('review: routes unavailable (HTTP 503)'));
});
