import { createLazyFederationLoader } from './lazy';
import type * as Federation from './federation';

test("a remote's manifest is asked for as soon as /remotes.json is in, before the runtime has arrived, and handed to it once", async () => {
  const manifest = { ok: true } as unknown as Response;
  const fetchManifest = jest.fn(async () => manifest);
  let arrive!: (runtime: typeof Federation) => void;
  const runtimeArrives = new Promise<typeof Federation>((resolve) => (arrive = resolve));
  let take: ((url: string) => Promise<Response | undefined> | undefined) | undefined;
  const routes = { '/ranking': () => null };
  const runtime = {
    remoteFallbackPlugin: () => ({ name: 'fallback' }),
    remoteIntegrityPlugin: () => ({ name: 'integrity' }),
    earlyManifestPlugin: (given: typeof take) => {
      take = given;
      return { name: 'early' };
    },
    initFederation: jest.fn(() => ({ load: async () => routes, peek: () => routes, invalidate: () => undefined })),
  } as unknown as typeof Federation;
  const loader = createLazyFederationLoader({
    loadConfig: async () => ({ community: 'https://pupitre.example/mfe/community/mf-manifest.json' }),
    loadRuntime: () => runtimeArrives,
    fetchManifest,
  });
  const load = loader.load('community');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetchManifest).toHaveBeenCalledWith('https://pupitre.example/mfe/community/mf-manifest.json');
  arrive(runtime);
  await expect(load).resolves.toBe(routes);
  expect(runtime.initFederation).toHaveBeenCalledWith(
    expect.anything(),
    expect.objectContaining({ plugins: [{ name: 'fallback' }, { name: 'early' }, { name: 'integrity' }] }),
  );
  await expect(take!('https://pupitre.example/mfe/community/mf-manifest.json')).resolves.toBe(manifest);
  expect(take!('https://pupitre.example/mfe/community/mf-manifest.json')).toBeUndefined();
  expect(fetchManifest).toHaveBeenCalledTimes(1);
});

test("every remote's pages and links come from its manifest, each fetched once and handed on to the runtime; an unreadable one is unavailable; any listed name counts", async () => {
  const title = { fr: 'Classement', es: 'Clasificación', en: 'Ranking' };
  const bodies: Record<string, unknown> = {
    'https://x/community/mf-manifest.json': {
      name: 'community',
      pupitre: {
        routes: [
          { path: '/ranking', title },
          { path: '/admin', title },
        ],
      },
    },
    'https://x/review/mf-manifest.json': { name: 'review' },
    'https://x/extra/mf-manifest.json': {
      name: 'extra',
      pupitre: { routes: [{ path: '/extra', title }], nav: [{ path: '/extra', label: title, order: 5, audience: 'everyone' }] },
    },
  };
  // jsdom has no Response: the part of it the loader uses.
  const answer = (status: number, body: unknown): Response =>
    ({ ok: status < 300, status, json: async () => body, clone: () => answer(status, body) }) as unknown as Response;
  const fetchManifest = jest.fn(async (url: string) => (url in bodies ? answer(200, bodies[url]) : answer(503, '')));
  let take: ((url: string) => Promise<Response | undefined> | undefined) | undefined;
  const runtime = {
    remoteFallbackPlugin: () => ({ name: 'fallback' }),
    remoteIntegrityPlugin: () => ({ name: 'integrity' }),
    earlyManifestPlugin: (given: typeof take) => ((take = given), { name: 'early' }),
    initFederation: jest.fn(() => ({ load: async () => ({}), peek: () => undefined, invalidate: () => undefined })),
  } as unknown as typeof Federation;
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const loader = createLazyFederationLoader({
    loadConfig: async () => ({
      community: 'https://x/community/mf-manifest.json',
      review: 'https://x/review/mf-manifest.json',
      account: 'https://x/account/mf-manifest.json',
      extra: 'https://x/extra/mf-manifest.json',
    }),
    loadRuntime: async () => runtime,
    fetchManifest,
    reservedPaths: ['/admin'],
  });
  const table = await loader.routes();
  expect(table.routes).toEqual([
    { remote: 'community', path: '/ranking', title },
    { remote: 'extra', path: '/extra', title },
  ]);
  expect(table.nav).toEqual([{ remote: 'extra', path: '/extra', label: title, order: 5, audience: 'everyone' }]);
  expect(table.unavailable).toEqual(['review', 'account']);
  await loader.load('community');
  const handed = await take!('https://x/community/mf-manifest.json');
  expect(await handed!.json()).toEqual(bodies['https://x/community/mf-manifest.json']);
  expect(fetchManifest.mock.calls.filter(([url]) => url === 'https://x/community/mf-manifest.json')).toHaveLength(1);
  errors.mockRestore();
});

test('a manifest that never answers makes its remote unavailable instead of holding the page', async () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const loader = createLazyFederationLoader({
    loadConfig: async () => ({ community: 'https://x/community/mf-manifest.json' }),
    fetchManifest: () => new Promise<Response>(() => undefined),
    manifestTimeoutMs: 20,
  });
  await expect(loader.routes()).resolves.toEqual({ routes: [], nav: [], unavailable: ['community'] });
  errors.mockRestore();
});
