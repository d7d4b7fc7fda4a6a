import { preloadAssets, remoteAssets } from './remote-assets';
import { createLazyFederationLoader } from './lazy';
import type * as Federation from './federation';

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'routes',
      path: './routes',
      assets: {
        js: { sync: ['622.abc.js', '__federation_expose_routes.def.js'], async: ['lazy.js'] },
        css: { sync: ['routes.css'], async: [] },
      },
    },
  ],
};

test("a remote's entry and its routes module's files, resolved from where its manifest was fetched", () => {
  expect(remoteAssets('https://pupitre.example/mfe/community/mf-manifest.json', manifest)).toEqual([
    { href: 'https://pupitre.example/mfe/community/remoteEntry.js', as: 'script' },
    { href: 'https://pupitre.example/mfe/community/routes.css', as: 'style' },
    { href: 'https://pupitre.example/mfe/community/622.abc.js', as: 'script' },
    { href: 'https://pupitre.example/mfe/community/__federation_expose_routes.def.js', as: 'script' },
  ]);
  const elsewhere = {
    ...manifest,
    metaData: { publicPath: 'https://cdn.example/c/', remoteEntry: { name: 'remoteEntry.js', path: 'v2' } },
  };
  expect(remoteAssets('https://pupitre.example/m.json', elsewhere)[0]).toEqual({
    href: 'https://cdn.example/c/v2/remoteEntry.js',
    as: 'script',
  });
});

test('a manifest saying nothing usable gives nothing to preload (the runtime loads as usual)', () => {
  expect(remoteAssets('https://x/m.json', null)).toEqual([]);
  expect(remoteAssets('https://x/m.json', { exposes: 'nope' as unknown as [] })).toEqual([]);
  expect(remoteAssets('not a url', manifest)).toEqual([]);
});

test('each file is hinted once, as a preload of its kind', () => {
  const assets = remoteAssets('https://x/mfe/review/mf-manifest.json', manifest);
  preloadAssets(assets);
  preloadAssets(assets);
  const links = [...document.head.querySelectorAll('link[rel="preload"]')] as HTMLLinkElement[];
  expect(links.map((l) => [l.href, l.as])).toEqual(assets.map((a) => [a.href, a.as]));
});

test("the opened page's remote code is asked for once its manifest is in, before the federation runtime has arrived", async () => {
  const url = 'https://pupitre.example/mfe/community/mf-manifest.json';
  const preload = jest.fn();
  const loader = createLazyFederationLoader({
    loadConfig: async () => ({ community: url }),
    loadRuntime: () => new Promise<typeof Federation>(() => undefined), // never arrives
    fetchManifest: async () => ({ ok: true, json: async () => manifest, clone: () => ({}) }) as unknown as Response,
    preload,
  });
  await loader.routes();
  void loader.load('community');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(preload).toHaveBeenCalledWith(remoteAssets(url, manifest));
});

test("given the opened page, its own screen chunk's files (listed by the build under the route) come too", () => {
  const withRoutes = {
    ...manifest,
    pupitre: {
      routes: [
        { path: '/ranking', files: ['route-ranking.css', 'route-ranking.1.js'] },
        { path: '/teacher/:id', files: ['672.js', 'route-teacher-id.2.js'] },
      ],
    },
  };
  const assets = remoteAssets('https://x/mfe/community/mf-manifest.json', withRoutes, '/teacher/12');
  expect(assets.slice(-2)).toEqual([
    { href: 'https://x/mfe/community/672.js', as: 'script' },
    { href: 'https://x/mfe/community/route-teacher-id.2.js', as: 'script' },
  ]);
  expect(remoteAssets('https://x/mfe/community/mf-manifest.json', withRoutes, '/ranking').slice(-2)).toEqual([
    { href: 'https://x/mfe/community/route-ranking.css', as: 'style' },
    { href: 'https://x/mfe/community/route-ranking.1.js', as: 'script' },
  ]);
  expect(remoteAssets('https://x/mfe/community/mf-manifest.json', withRoutes, '/elsewhere')).toHaveLength(4);
});
