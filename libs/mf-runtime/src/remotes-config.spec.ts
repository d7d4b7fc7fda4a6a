import { loadRemotesConfig, parseRemotesConfig, remoteNames, RemotesConfigError } from './remotes-config';

const page = 'https://pupitre.example/teacher/4?x=1';

describe('parseRemotesConfig', () => {
  test('resolves relative URLs against the page and keeps absolute ones', () => {
    expect(
      parseRemotesConfig(
        {
          community: '/mfe/community/mf-manifest.json',
          review: 'https://cdn.example/review/v2/mf-manifest.json',
          account: 'http://localhost:4203/mf-manifest.json',
          $comment: 'ignored',
        },
        page,
      ),
    ).toEqual({
      community: 'https://pupitre.example/mfe/community/mf-manifest.json',
      review: 'https://cdn.example/review/v2/mf-manifest.json',
      account: 'http://localhost:4203/mf-manifest.json',
    });
  });

  test('a missing remote is allowed (its routes fall back)', () => {
    expect(parseRemotesConfig({ review: '/mfe/review/mf-manifest.json' }, page)).toEqual({
      review: 'https://pupitre.example/mfe/review/mf-manifest.json',
    });
  });

  test.each([
    ['an array', []],
    ['null', null],
    ['a string', 'nope'],
    ['an invalid remote name', { 'Shop!': '/mfe/shop/mf-manifest.json' }],
    ['a name with a dash', { 'my-shop': '/mfe/shop/mf-manifest.json' }],
    ["the shell's own name", { shell: '/mfe/shell/mf-manifest.json' }],
    ['a non-string URL', { community: 42 }],
    ['an empty URL', { community: '  ' }],
    ['a javascript: URL', { community: 'javascript:alert(1)' }],
    ['an unparsable URL', { community: 'http://[::1' }],
  ])('rejects %s', (_label, raw) => {
    expect(() => parseRemotesConfig(raw, page)).toThrow(RemotesConfigError);
  });

  test('any valid name is a remote: the list is data (a fourth remote needs no shell release)', () => {
    const config = parseRemotesConfig(
      { community: '/mfe/community/mf-manifest.json', shop_2: 'https://cdn.example/shop/mf-manifest.json' },
      page,
    );
    expect(config).toEqual({
      community: 'https://pupitre.example/mfe/community/mf-manifest.json',
      shop_2: 'https://cdn.example/shop/mf-manifest.json',
    });
    expect(remoteNames(config)).toEqual(['community', 'shop_2']);
  });

  test('names the offending remote', () => {
    expect(() => parseRemotesConfig({ account: 3 }, page)).toThrow(/"account"/);
  });
});

describe('loadRemotesConfig', () => {
  // jsdom has no Response: a minimal stand-in with what loadRemotesConfig reads.
  const respond = (body: string, status = 200) =>
    jest.fn(async () => ({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) }) as unknown as Response);

  test('fetches /remotes.json as a plain GET (the page preloads it so) and validates it', async () => {
    const fetch = respond(JSON.stringify({ community: '/mfe/community/mf-manifest.json' }));
    await expect(loadRemotesConfig({ baseUrl: page, fetch })).resolves.toEqual({
      community: 'https://pupitre.example/mfe/community/mf-manifest.json',
    });
    expect(fetch).toHaveBeenCalledWith('https://pupitre.example/remotes.json', { signal: undefined });
  });

  test('rejects bad JSON', async () => {
    await expect(loadRemotesConfig({ baseUrl: page, fetch: respond('{ nope') })).rejects.toThrow('not valid JSON');
  });

  test('rejects an HTTP error', async () => {
    await expect(loadRemotesConfig({ baseUrl: page, fetch: respond('', 404) })).rejects.toThrow('HTTP 404');
  });

  test('rejects a network failure', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadRemotesConfig({ baseUrl: page, fetch })).rejects.toBeInstanceOf(RemotesConfigError);
  });

  test('rejects bad entries', async () => {
    await expect(loadRemotesConfig({ baseUrl: page, fetch: respond(JSON.stringify({ community: ['x'] })) })).rejects.toThrow(/community/);
  });

  test('defaults to the page location', async () => {
    const fetch = respond(JSON.stringify({ review: 'mfe/review/mf-manifest.json' }));
    const config = await loadRemotesConfig({ fetch });
    expect(config.review).toBe(new URL('mfe/review/mf-manifest.json', window.location.href).href);
  });
});
