import { buildRouteTable, declarationsFromManifest, findRemoteRoute, routeReads, routesFromManifest } from './remote-routes';

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
  expect(table).toEqual({ routes: [], nav: [], unavailable: ['review'] });
  expect(report).toHaveBeenCalledWith(expect.stringContaining('review: routes unavailable (HTTP 503)'));
});

const link = (path: string, order: number, audience: 'everyone' | 'staff' = 'everyone') => ({ path, label: title, order, audience });

test("a manifest's navbar links are pupitre.nav: none when absent; invalid ones cost the remote its links, not its pages", () => {
  expect(declarationsFromManifest('community', { pupitre: { routes: [teacher] } })).toEqual({ routes: [teacher], nav: [] });
  const ranking = { path: '/ranking', title };
  expect(declarationsFromManifest('community', { pupitre: { routes: [ranking], nav: [link('/ranking', 1)] } })).toEqual({
    routes: [ranking],
    nav: [link('/ranking', 1)],
  });
  const report = jest.fn();
  expect(declarationsFromManifest('community', { pupitre: { routes: [ranking], nav: [{ path: '/ranking' }] } }, report)).toEqual({
    routes: [ranking],
    nav: [],
  });
  expect(report).toHaveBeenCalledWith(expect.stringMatching(/community: .*pupitre\.nav.*nav\[0\]\.label/));
});

test('navbar links: sorted by order then remote order, only to pages the remote holds; an unreadable remote has none', () => {
  const report = jest.fn();
  const page = (path: string) => ({ path, title });
  const table = buildRouteTable(
    [
      [
        'review',
        { routes: [page('/publication'), page('/moderation')], nav: [link('/publication', 20), link('/moderation', 10, 'staff')] },
      ],
      ['community', { routes: [page('/communaute'), page('/publication')], nav: [link('/communaute', 10), link('/publication', 5)] }],
      ['account', new Error('HTTP 503')],
      ['extra', { routes: [page('/extra')], nav: [link('/extra', 20), link('/elsewhere', 1)] }],
    ],
    ['/'],
    report,
  );
  expect(table.nav.map((l) => [l.remote, l.path])).toEqual([
    ['review', '/moderation'],
    ['community', '/communaute'],
    ['review', '/publication'],
    ['extra', '/extra'],
  ]);
  expect(report).toHaveBeenCalledWith(expect.stringContaining('community: navbar link to /publication, a page it does not hold'));
  expect(report).toHaveBeenCalledWith(expect.stringContaining('extra: navbar link to /elsewhere'));
});
