import { parseRouteDeclarations } from './front-end-routes';

const title = { fr: 'Classement', es: 'Clasificación', en: 'Ranking' };

test('accepts what the remotes declare', () => {
  const routes = [
    { path: '/teacher/:id', title, reads: [{ path: '/api/teacher/:id', auth: true }] },
    { path: '/auth', title, footer: false },
    { path: '/me', title, signIn: true },
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
])('refuses %j', (raw, message) => {
  expect(() => parseRouteDeclarations(raw)).toThrow(message);
});
