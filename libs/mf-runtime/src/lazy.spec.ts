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
  expect(runtime.initFederation).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ plugins: [{ name: 'fallback' }, { name: 'early' }] }));
  await expect(take!('https://pupitre.example/mfe/community/mf-manifest.json')).resolves.toBe(manifest);
  expect(take!('https://pupitre.example/mfe/community/mf-manifest.json')).toBeUndefined();
  expect(fetchManifest).toHaveBeenCalledTimes(1);
});
