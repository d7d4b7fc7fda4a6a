import { parseNavDeclarations, parseRouteDeclarations } from './front-end-routes';

const title = { fr: 'Classement', es: 'Clasificación', en: 'Ranking' };

test('accepts what the remotes declare', () => {
  const routes = [
    { path: '/teacher/:id', title, reads: [{ path: '/api/teacher/:id', auth: true }] },
    { path: '/auth', title, footer: false },
    { path: '/me', title, signIn: true },
    { path: '/communaute', title, render: true }, // server-rendered by the remote's renderer (issue #39)
    { path: '/ranking', title, files: ['route-ranking.1a2b.css', '672.3c4d.js', 'route-ranking.5e6f.js'] }, // written by the build
  ];
  expect(parseRouteDeclarations(routes)).toEqual(routes);
});

test.each([
  [[], /1 to 50/],
  [[{ path: 'ranking', title }], /routes\[0\]\.path/],
  [[{ path: '/a b', title }], /routes\[0\]\.path/],
  [[{ path: '/x', title: { fr: 'x', es: 'y' } }], /title/],
  [[{ path: '/x', title, extra: 1 }], /extra is not a known key/],
  [[{ path: '/x', title, signIn: 'yes' }], /signIn/],
  [[{ path: '/x', title, reads: [{ path: 'https://evil.example/', auth: true }] }], /reads\[0\]/],
  [[{ path: '/x', title, files: ['https://evil.example/x.js'] }], /files/],
  [[{ path: '/x', title, files: ['../x.js'] }], /files/],
  [[{ path: '/x', title, files: 'x.js' }], /files/],
  [[{ path: '/x', title, render: 'yes' }], /render must be a boolean/],
  [[{ path: '/x', title, signIn: true, render: true }], /render cannot be true on a page for signed-in visitors/],
])('refuses %j', (raw, message) => {
  expect(() => parseRouteDeclarations(raw)).toThrow(message);
});

const label = { fr: 'Communauté', es: 'Comunidad', en: 'Community' };

test('a page without parameters may declare its navbar link', () => {
  const routes = [
    { path: '/communaute', title, nav: { label, order: 10, audience: 'everyone' } },
    { path: '/publication', title, nav: { label, order: 20, audience: 'signed-in', style: 'button' } },
  ];
  expect(parseRouteDeclarations(routes)).toEqual(routes);
});

test.each([
  [{ path: '/teacher/:id', title, nav: { label, order: 1, audience: 'everyone' } }, /only a page without parameters/],
  [{ path: '/x', title, nav: { label: { fr: 'x', en: 'x' }, order: 1, audience: 'everyone' } }, /nav\.label/],
  [{ path: '/x', title, nav: { label: { ...label, fr: 'x'.repeat(41) }, order: 1, audience: 'everyone' } }, /nav\.label/],
  [{ path: '/x', title, nav: { label, order: 1.5, audience: 'everyone' } }, /nav\.order/],
  [{ path: '/x', title, nav: { label, audience: 'everyone' } }, /nav\.order/],
  [{ path: '/x', title, nav: { label, order: 1, audience: 'admins' } }, /nav\.audience/],
  [{ path: '/x', title, nav: { label, order: 1, audience: 'staff', style: 'red' } }, /nav\.style/],
  [{ path: '/x', title, nav: { label, order: 1, audience: 'staff', href: 'https://evil.example' } }, /nav\.href is not a known key/],
])('refuses the navbar link of %j', (route, message) => {
  expect(() => parseRouteDeclarations([route])).toThrow(message);
});

test("a manifest's navbar links (pupitre.nav): absent is none; each names its page", () => {
  expect(parseNavDeclarations(undefined)).toEqual([]);
  const nav = [{ path: '/communaute', label, order: 10, audience: 'everyone', style: 'link' }];
  expect(parseNavDeclarations(nav)).toEqual(nav);
  expect(() => parseNavDeclarations({})).toThrow(/at most 10/);
  expect(() => parseNavDeclarations(Array.from({ length: 11 }, () => nav[0]))).toThrow(/at most 10/);
  expect(() => parseNavDeclarations([{ ...nav[0], path: 'https://evil.example/' }])).toThrow(/nav\[0\]\.path/);
  expect(() => parseNavDeclarations([{ ...nav[0], path: '/teacher/:id' }])).toThrow(/nav\[0\]\.path/);
  expect(() => parseNavDeclarations([{ label, order: 1, audience: 'everyone' }])).toThrow(/nav\[0\]\.path/);
});
