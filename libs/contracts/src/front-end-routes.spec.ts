import { parseRouteDeclarations } from './front-end-routes';

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
])('refuses %j', (raw, message) => {
  expect(() => parseRouteDeclarations(raw)).toThrow(message);
});
