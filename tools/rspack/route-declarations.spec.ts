import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRemoteName } from '../../libs/mf-runtime/src/remote-names';
import { routeChunkName } from './route-chunk-name.mjs';
import { checkRemoteName } from './remote-name.mjs';
import { manifestDeclarations, navProblem, readRouteDeclarations } from './route-declarations-check.mjs';

test("a page's screen chunk is named after its path", () => {
  expect(routeChunkName('/teacher/:id')).toBe('route-teacher-id');
  expect(routeChunkName('/password/reset/confirm/:uid/:token')).toBe('route-password-reset-confirm-uid-token');
  expect(routeChunkName('/communaute')).toBe('route-communaute');
  expect(routeChunkName('/')).toBe('route');
});

const title = { fr: 'Communauté', es: 'Comunidad', en: 'Community' };
const nav = { label: title, order: 10, audience: 'everyone' };

test('a page may declare its navbar link; the build checks it as the shell will', () => {
  expect(navProblem({ path: '/communaute', title })).toBeNull();
  expect(navProblem({ path: '/communaute', title, nav })).toBeNull();
  expect(navProblem({ path: '/communaute', title, nav: { ...nav, style: 'button' } })).toBeNull();
  expect(navProblem({ path: '/teacher/:id', title, nav })).toMatch(/without parameters/);
  expect(navProblem({ path: '/x', title, nav: { ...nav, label: { fr: 'x', es: 'y' } } })).toMatch(/label/);
  expect(navProblem({ path: '/x', title, nav: { ...nav, order: -1 } })).toMatch(/order/);
  expect(navProblem({ path: '/x', title, nav: { ...nav, audience: 'admins' } })).toMatch(
    /audience must be one of everyone, signed-in, signed-out, staff/,
  );
  expect(navProblem({ path: '/x', title, nav: { ...nav, href: '/y' } })).toMatch(/href is not a known key/);
});

test('the manifest carries the links as a list of their own, the pages without them', () => {
  const routes = [
    { path: '/communaute', title, nav },
    { path: '/teacher/:id', title },
  ];
  expect(manifestDeclarations(routes)).toEqual({
    routes: [
      { path: '/communaute', title },
      { path: '/teacher/:id', title },
    ],
    nav: [{ path: '/communaute', ...nav }],
  });
});

test('a bad link fails the build, naming the file and the page', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-declarations-'));
  const file = path.join(dir, 'routes.json');
  try {
    fs.writeFileSync(file, JSON.stringify([{ path: '/x', title, nav: { ...nav, audience: 'nobody' } }]));
    expect(() => readRouteDeclarations(dir, { MFE_ROUTE_DECLARATIONS: file })).toThrow(/routes\.json: \/x: nav\.audience/);
    fs.writeFileSync(file, JSON.stringify([{ path: '/x', title, nav }]));
    expect(readRouteDeclarations(dir, { MFE_ROUTE_DECLARATIONS: file }).routes).toHaveLength(1);
    // A page for signed-in visitors only is never server-rendered (issue #39).
    fs.writeFileSync(file, JSON.stringify([{ path: '/me', title, signIn: true, render: true }]));
    expect(() => readRouteDeclarations(dir, { MFE_ROUTE_DECLARATIONS: file })).toThrow(
      /\/me: a page with "signIn": true cannot have "render": true/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the remotes' own declarations pass", () => {
  for (const app of ['mfe-community', 'mfe-review', 'mfe-account']) {
    const { routes } = readRouteDeclarations(path.join(__dirname, '../..', app), {});
    expect(routes.map(navProblem).filter(Boolean)).toEqual([]);
  }
});

test('the build and the shell agree on what names a remote', () => {
  for (const name of ['community', 'extra', 'shop_2', 'Shop', 'my-shop', 'shell', '', 'a'.repeat(33)]) {
    let built = true;
    try {
      checkRemoteName(name);
    } catch {
      built = false;
    }
    expect([name, built]).toEqual([name, isRemoteName(name)]);
  }
});
