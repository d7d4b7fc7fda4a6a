import { isCrossOrigin, isIntegrity, manifestIntegrity, TrustedIntegrity } from './remote-integrity';
import { parseRemotesConfig, parseRemotesIntegrity, RemotesConfigError } from './remotes-config';
import { remoteIntegrityPlugin } from './federation';
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
  test('is read from "$integrity", by remote', () => {
    expect(parseRemotesIntegrity(raw)).toEqual({ community: HASH, review: OTHER });
    expect(parseRemotesIntegrity({ community: '/m.json' })).toEqual({});
  });
  test.each([
    [{ $integrity: 'sha384-x' }, 'must map remote names'],
    [{ $integrity: { community: 'md5-abc' } }, 'must be an integrity value'],
    [{ $integrity: { community: `sha384-${'A'.repeat(64)} ` } }, 'must be an integrity value'],
    [{ $integrity: { shell: HASH } }, 'not a valid remote name'],
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

  test('a cross-origin entry, once its manifest names it: by its URL, and by its remote for the runtime', () => {
    const t = trusted();
    expect(t.trustEntry(config.community!, 'https://cdn.example/mfe/community/remoteEntry.js', PAGE)).toBe(HASH);
    expect(t.entry('https://cdn.example/mfe/community/remoteEntry.js')).toBe(HASH);
    // The runtime says which remote a script is the entry of: held to it even before a manifest was read here.
    expect(new TrustedIntegrity().entry('https://cdn.example/x/remoteEntry.js', 'community', PAGE)).toBeUndefined();
    expect(trusted().entry('https://cdn.example/other/remoteEntry.js', 'community', PAGE)).toBe(HASH);
  });
  test('a same-origin entry is not held to a hash (the page’s origin serves both)', () => {
    const t = trusted();
    expect(t.trustEntry(config.review!, `${PAGE}/mfe/review/remoteEntry.js`, PAGE)).toBeUndefined();
    expect(t.entry(`${PAGE}/mfe/review/remoteEntry.js`, 'review', PAGE)).toBeUndefined();
  });
  test('a remote without a recorded hash, or a script of no remote, is left alone', () => {
    const t = trusted();
    expect(
      t.trustEntry('https://cdn.example/account/mf-manifest.json', 'https://cdn.example/account/remoteEntry.js', PAGE),
    ).toBeUndefined();
    expect(t.entry('https://cdn.example/mfe/community/remoteEntry.js', undefined, PAGE)).toBeUndefined();
    expect(t.entry('https://cdn.example/mfe/community/remoteEntry.js', 'account', PAGE)).toBeUndefined();
  });
  test('cross-origin means another scheme, host or port', () => {
    expect(isCrossOrigin('https://pupitre.example/x.js', PAGE)).toBe(false);
    expect(isCrossOrigin('http://pupitre.example/x.js', PAGE)).toBe(true);
    expect(isCrossOrigin('https://pupitre.example:8443/x.js', PAGE)).toBe(true);
    expect(isCrossOrigin('not a url', PAGE)).toBe(false);
  });
});

describe('the federation runtime’s script for an entry', () => {
  type Hook = (args: { url: string; remoteInfo?: { name: string } }) => HTMLScriptElement | undefined;
  const hook = (lookup: (url: string, remote?: string) => string | undefined) =>
    remoteIntegrityPlugin(lookup).createScript as unknown as Hook;

  test('carries the recorded integrity and crossorigin="anonymous"', () => {
    const lookup = jest.fn(() => HASH);
    const script = hook(lookup)({ url: 'https://cdn.example/c/remoteEntry.js', remoteInfo: { name: 'community' } });
    expect(lookup).toHaveBeenCalledWith('https://cdn.example/c/remoteEntry.js', 'community');
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script!.src).toBe('https://cdn.example/c/remoteEntry.js');
    expect(script!.getAttribute('integrity')).toBe(HASH);
    expect(script!.crossOrigin).toBe('anonymous');
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
