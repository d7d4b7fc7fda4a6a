import { isCrossOrigin, isIntegrity, manifestIntegrity, TrustedIntegrity, trustedIntegrity } from './remote-integrity';
import { createLazyFederationLoader } from './lazy';
import { parseRemotesConfig, parseRemotesIntegrity, RemotesConfigError } from './remotes-config';
import { earlyManifestPlugin, remoteIntegrityPlugin } from './federation';
import { preloadAssets, remoteAssets, remoteEntryUrl } from './remote-assets';

const PAGE = 'https://pupitre.example';
const HASH = `sha384-${'A'.repeat(64)}`;
const OTHER = `sha384-${'B'.repeat(64)}`;
const raw = {
  community: 'https://cdn.example/mfe/community/mf-manifest.json',
  review: '/mfe/review/mf-manifest.json',
  $integrity: { community: HASH, review: OTHER },
};

describe('the remotes’ integrity in /remotes.json', () => {
  test("is read from \"$integrity\", by remote: the entry's hash, or the entry's and the manifest's", () => {
    expect(parseRemotesIntegrity(raw)).toEqual({ community: { entry: HASH }, review: { entry: OTHER } });
    expect(parseRemotesIntegrity({ $integrity: { community: { entry: HASH, manifest: OTHER } } })).toEqual({
      community: { entry: HASH, manifest: OTHER },
    });
    expect(parseRemotesIntegrity({ community: '/m.json' })).toEqual({});
  });
  test.each([
    [{ $integrity: 'sha384-x' }, 'must map remote names'],
    [{ $integrity: { community: 'md5-abc' } }, 'must be an integrity value'],
    [{ $integrity: { community: `sha384-${'A'.repeat(64)} ` } }, 'must be an integrity value'],
    [{ $integrity: { shell: HASH } }, 'not a valid remote name'],
    [{ $integrity: { community: { entry: HASH, manifest: 'x' } } }, '"community".manifest must be an integrity value'],
    [{ $integrity: { community: { entry: HASH, chunks: HASH } } }, 'may hold "entry" and "manifest" only'],
  ])('refuses %j', (given, message) => {
    expect(() => parseRemotesIntegrity(given)).toThrow(RemotesConfigError);
    expect(() => parseRemotesIntegrity(given)).toThrow(message);
  });
  test('is an integrity value: one or more sha256/384/512 hashes in base64', () => {
    expect(isIntegrity(HASH)).toBe(true);
    expect(isIntegrity(`sha256-abc+/= ${HASH}`)).toBe(true);
    expect(isIntegrity('sha1-abc')).toBe(false);
    expect(isIntegrity('')).toBe(false);
  });
});

describe('the entries the shell holds to a hash', () => {
  const config = parseRemotesConfig(raw, `${PAGE}/teacher/4`);
  const trusted = () => {
    const t = new TrustedIntegrity();
    t.trustRemotes(config, parseRemotesIntegrity(raw));
    return t;
  };

  test('a cross-origin entry, once its manifest names it, by its exact URL', () => {
    const t = trusted();
    expect(t.trustEntry(config.community!, 'https://cdn.example/mfe/community/remoteEntry.js', PAGE)).toBe(HASH);
    expect(t.entry('https://cdn.example/mfe/community/remoteEntry.js')).toBe(HASH);
    // Another script of that remote (a chunk its runtime loads with its own hash) is not the entry.
    expect(t.entry('https://cdn.example/mfe/community/__federation_expose_routes.1.js')).toBeUndefined();
    expect(new TrustedIntegrity().entry('https://cdn.example/mfe/community/remoteEntry.js')).toBeUndefined();
  });
  test('a same-origin entry is not held to a hash (the page’s origin serves both)', () => {
    const t = trusted();
    expect(t.trustEntry(config.review!, `${PAGE}/mfe/review/remoteEntry.js`, PAGE)).toBeUndefined();
    expect(t.entry(`${PAGE}/mfe/review/remoteEntry.js`)).toBeUndefined();
  });
  test('a remote without a recorded hash, or a script of no remote, is left alone', () => {
    const t = trusted();
    expect(
      t.trustEntry('https://cdn.example/account/mf-manifest.json', 'https://cdn.example/account/remoteEntry.js', PAGE),
    ).toBeUndefined();
    expect(t.entry('https://cdn.example/account/remoteEntry.js')).toBeUndefined();
  });
  test('cross-origin means another scheme, host or port', () => {
    expect(isCrossOrigin('https://pupitre.example/x.js', PAGE)).toBe(false);
    expect(isCrossOrigin('http://pupitre.example/x.js', PAGE)).toBe(true);
    expect(isCrossOrigin('https://pupitre.example:8443/x.js', PAGE)).toBe(true);
    expect(isCrossOrigin('not a url', PAGE)).toBe(false);
  });
});

describe('a manifest /remotes.json records a hash of', () => {
  const withManifest = { ...raw, $integrity: { community: { entry: HASH, manifest: OTHER }, review: { manifest: OTHER } } };
  const config = parseRemotesConfig(withManifest, `${PAGE}/`);
  const t = new TrustedIntegrity();
  t.trustRemotes(config, parseRemotesIntegrity(withManifest));

  test('is held to it when it is on another origin than the page', () => {
    expect(t.manifest(config.community!, PAGE)).toBe(OTHER);
    expect(t.manifest(config.review!, PAGE)).toBeUndefined();
    expect(t.recorded()).toEqual({ community: { entry: HASH, manifest: OTHER }, review: { manifest: OTHER } });
  });

  test('is fetched with `integrity` by the runtime when the host has no checked answer to hand it', async () => {
    const fetched = jest.fn(async () => ({ ok: true }) as Response);
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetched as unknown as typeof fetch;
    try {
      type Hook = (url: string, init: RequestInit) => Promise<Response> | undefined;
      const hook = (take: () => Promise<Response | undefined> | undefined, hash?: string) =>
        earlyManifestPlugin(take, () => hash).fetch as unknown as Hook;
      const url = 'https://cdn.example/mfe/community/mf-manifest.json';
      // No hash: the early answer, or nothing (the runtime fetches by itself).
      expect(hook(() => undefined)(url, {})).toBeUndefined();
      // A hash: never fetched without it, whether the early fetch failed or there was none.
      await hook(() => Promise.resolve(undefined), OTHER)(url, { method: 'GET' });
      await hook(() => undefined, OTHER)(url, {});
      expect(fetched.mock.calls).toEqual([
        [url, { method: 'GET', integrity: OTHER }],
        [url, { integrity: OTHER }],
      ]);
      // The early answer (fetched with the hash by the host) is handed over as it is.
      const early = { ok: true, early: true } as unknown as Response;
      await expect(hook(() => Promise.resolve(early), OTHER)(url, {})).resolves.toBe(early);
      expect(fetched).toHaveBeenCalledTimes(2);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

test('the shell fetches a cross-origin manifest with the hash /remotes.json records (the browser checks it)', async () => {
  const url = 'https://cdn.example/mfe/community/mf-manifest.json';
  trustedIntegrity.trustRemotes({ community: url }, { community: { entry: HASH, manifest: OTHER } });
  const fetched = jest.fn(async () => ({ ok: false, status: 404, clone: () => ({}) }) as unknown as Response);
  const realFetch = globalThis.fetch;
  globalThis.fetch = fetched as unknown as typeof fetch;
  try {
    await createLazyFederationLoader({ loadConfig: async () => ({ community: url }) }).routes();
    expect(fetched).toHaveBeenCalledWith(url, { integrity: OTHER });
  } finally {
    globalThis.fetch = realFetch;
    trustedIntegrity.trustRemotes({}, {});
  }
});

describe('the federation runtime’s script for an entry', () => {
  type Hook = (args: { url: string; remoteInfo?: { name: string } }) => HTMLScriptElement | undefined;
  const hook = (lookup: (url: string, remote?: string) => string | undefined) =>
    remoteIntegrityPlugin(lookup).createScript as unknown as Hook;

  test('carries the recorded integrity and crossorigin="anonymous"', () => {
    const lookup = jest.fn(() => HASH);
    const script = hook(lookup)({ url: 'https://cdn.example/c/remoteEntry.js', remoteInfo: { name: 'community' } });
    expect(lookup).toHaveBeenCalledWith('https://cdn.example/c/remoteEntry.js');
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script!.src).toBe('https://cdn.example/c/remoteEntry.js');
    expect(script!.getAttribute('integrity')).toBe(HASH);
    expect(script!.crossOrigin).toBe('anonymous');
  });
  test('a remote held to hashes: the runtime does not run its module files itself (its own runtime loads them, checked)', async () => {
    const plugin = remoteIntegrityPlugin(
      () => undefined,
      document,
      (remote) => remote === 'community',
    );
    const preloadOps = [
      { nameOrAlias: 'community', exposes: ['./routes'] },
      { nameOrAlias: 'review', exposes: ['./routes'] },
    ];
    await (plugin.beforePreloadRemote as unknown as (a: { preloadOps: object[] }) => unknown)({ preloadOps });
    expect(preloadOps).toEqual([{ nameOrAlias: 'review', exposes: ['./routes'] }]);
    const t = new TrustedIntegrity();
    t.trustRemotes({ community: 'https://cdn.example/c/mf-manifest.json' }, { community: { entry: HASH } });
    expect([t.holds('community'), t.holds('review')]).toEqual([true, false]);
  });
  test('is left to the runtime when no hash is recorded for it', () => {
    expect(hook(() => undefined)({ url: `${PAGE}/mfe/review/remoteEntry.js` })).toBeUndefined();
  });
});

describe('the preloads of a remote’s files', () => {
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'routes', path: './routes', assets: { js: { sync: ['__federation_expose_routes.1.js'] }, css: { sync: ['routes.2.css'] } } },
    ],
    pupitre: {
      routes: [{ path: '/ranking', files: ['route-ranking.3.css', 'route-ranking.4.js'] }],
      integrity: {
        '__federation_expose_routes.1.js': `sha384-${'1'.repeat(64)}`,
        'routes.2.css': `sha384-${'2'.repeat(64)}`,
        'route-ranking.4.js': `sha384-${'4'.repeat(64)}`,
        'remoteEntry.js': `sha384-${'0'.repeat(64)}`,
        'bad.js': 'md5-nope',
      },
    },
  };
  const url = 'https://cdn.example/mfe/community/mf-manifest.json';

  test('carry the hash the remote’s runtime loads each chunk with (from its manifest)', () => {
    expect(manifestIntegrity(manifest)).not.toHaveProperty('bad.js');
    expect(remoteAssets(url, manifest, '/ranking')).toEqual([
      { href: 'https://cdn.example/mfe/community/remoteEntry.js', as: 'script' },
      { href: 'https://cdn.example/mfe/community/routes.2.css', as: 'style', integrity: `sha384-${'2'.repeat(64)}` },
      { href: 'https://cdn.example/mfe/community/__federation_expose_routes.1.js', as: 'script', integrity: `sha384-${'1'.repeat(64)}` },
      { href: 'https://cdn.example/mfe/community/route-ranking.3.css', as: 'style' },
      { href: 'https://cdn.example/mfe/community/route-ranking.4.js', as: 'script', integrity: `sha384-${'4'.repeat(64)}` },
    ]);
  });
  test('give the entry the hash /remotes.json records, never the manifest’s own (which the shell does not trust)', () => {
    expect(remoteEntryUrl(url, manifest)).toBe('https://cdn.example/mfe/community/remoteEntry.js');
    expect(remoteAssets(url, manifest, undefined, './routes', HASH)[0]).toEqual({
      href: 'https://cdn.example/mfe/community/remoteEntry.js',
      as: 'script',
      integrity: HASH,
    });
  });
  test('are written with integrity and crossorigin="anonymous" when hashed, as the scripts will ask', () => {
    document.head.innerHTML = '';
    preloadAssets(remoteAssets(url, manifest, '/ranking', './routes', HASH));
    const links = [...document.head.querySelectorAll('link[rel="preload"]')] as HTMLLinkElement[];
    expect(links.map((l) => [l.href.split('/').pop(), (l.getAttribute('integrity') ?? '').slice(0, 8), l.crossOrigin])).toEqual([
      ['remoteEntry.js', 'sha384-A', 'anonymous'],
      ['routes.2.css', 'sha384-2', 'anonymous'],
      ['__federation_expose_routes.1.js', 'sha384-1', 'anonymous'],
      ['route-ranking.3.css', '', null],
      ['route-ranking.4.js', 'sha384-4', 'anonymous'],
    ]);
  });
});
