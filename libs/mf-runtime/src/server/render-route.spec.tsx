/** @jest-environment node */
import type { RouteDeclaration } from '@pupitre/contracts';
import { createRouteRenderer } from './render-route';

const title = { fr: 'P', es: 'P', en: 'P' };
const Page = () => <h1>page</h1>;

test('renders the declared render: true routes only, from its routes', async () => {
  const renderer = createRouteRenderer({
    remote: 'x',
    routes: { '/a/:id': Page, '/b': Page },
    declarations: [
      { path: '/a/:id', title, render: true },
      { path: '/b', title },
    ],
    namespaces: {},
  });
  await renderer.prepare();
  expect(renderer.renderedRoutes.map((r) => r.path)).toEqual(['/a/:id']);
  expect(renderer.findRoute('/a/7')?.params).toEqual({ id: '7' });
  expect(renderer.render({ path: '/b', lang: 'fr', reads: {}, now: 0 })).toBeNull();
  expect(renderer.render({ path: '/a/7', lang: 'en', reads: {}, now: 0 })).toEqual({ route: '/a/:id', html: '<h1>page</h1>' });
});

test.each<[RouteDeclaration, RegExp]>([
  [{ path: '/me', title, signIn: true, render: true }, /signed-in visitors/],
  [{ path: '/nowhere', title, render: true }, /no screen/],
])('a page it cannot render is refused at start-up: %j', (declaration, message) => {
  expect(() => createRouteRenderer({ remote: 'x', routes: { '/me': Page }, declarations: [declaration], namespaces: {} })).toThrow(message);
});
