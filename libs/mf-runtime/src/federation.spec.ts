import { registerRemotes, loadRemote, init } from '@module-federation/enhanced/runtime';
import {
  createDeferredLoader,
  createFederationLoader,
  initFederation,
  isUnavailableRemote,
  remoteFallbackPlugin,
  RemoteUnavailableError,
  type RemoteLoader,
} from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mocked = {
  init: init as jest.MockedFunction<typeof init>,
  loadRemote: loadRemote as jest.MockedFunction<typeof loadRemote>,
  registerRemotes: registerRemotes as jest.MockedFunction<typeof registerRemotes>,
};

beforeEach(() => jest.clearAllMocks());

describe('remoteFallbackPlugin', () => {
  const plugin = remoteFallbackPlugin(() => undefined);
  const hook = plugin.errorLoadRemote as (args: { id: string; error: unknown; lifecycle: string }) => unknown;

  test('turns a failed remote load into the unavailable marker', () => {
    const result = hook({ id: 'community/routes', error: new Error('x'), lifecycle: 'onLoad' });
    expect(isUnavailableRemote(result)).toBe(true);
  });

  test('leaves other lifecycles alone', () => {
    expect(hook({ id: 'community', error: new Error('x'), lifecycle: 'afterResolve' })).toBeUndefined();
    expect(hook({ id: 'react', error: new Error('x'), lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });
});

describe('initFederation', () => {
  test('joins the host instance with loaded-first and registers the configured remotes', () => {
    const instance = { registerRemotes: jest.fn() };
    mocked.init.mockReturnValue(instance as never);
    initFederation({ community: 'https://x/mfe/community/mf-manifest.json', account: 'https://x/mfe/account/mf-manifest.json' });
    expect(mocked.init).toHaveBeenCalledWith(expect.objectContaining({ name: 'shell', shareStrategy: 'loaded-first', remotes: [] }));
    const plugins = mocked.init.mock.calls[0][0].plugins ?? [];
    expect(plugins.map((p) => p.name)).toEqual(['inject-external-runtime-core-plugin', 'pupitre-remote-fallback']);
    expect(instance.registerRemotes).toHaveBeenCalledWith([
      { name: 'community', entry: 'https://x/mfe/community/mf-manifest.json' },
      { name: 'account', entry: 'https://x/mfe/account/mf-manifest.json' },
    ]);
  });
});

describe('createFederationLoader', () => {
  const Screen = () => null;
  const config = { community: 'https://x/mfe/community/mf-manifest.json' };

  test('loads `<remote>/routes` once and caches the route map', async () => {
    mocked.loadRemote.mockResolvedValue({ default: { '/communaute': Screen } });
    const loader = createFederationLoader(config);
    expect(loader.peek('community')).toBeUndefined();
    await expect(loader.load('community')).resolves.toEqual({ '/communaute': Screen });
    await loader.load('community');
    expect(mocked.loadRemote).toHaveBeenCalledTimes(1);
    expect(mocked.loadRemote).toHaveBeenCalledWith('community/routes');
    expect(loader.peek('community')).toEqual({ '/communaute': Screen });
  });

  test('rejects when the runtime answered with the fallback marker, and retries after invalidate', async () => {
    const marker = remoteFallbackPlugin(() => undefined).errorLoadRemote as (a: object) => unknown;
    mocked.loadRemote.mockResolvedValueOnce(marker({ id: 'community/routes', error: new Error('x'), lifecycle: 'onLoad' }));
    const loader = createFederationLoader(config);
    await expect(loader.load('community')).rejects.toBeInstanceOf(RemoteUnavailableError);
    loader.invalidate('community');
    expect(mocked.registerRemotes).toHaveBeenCalledWith([{ name: 'community', entry: config.community }], { force: true });
    mocked.loadRemote.mockResolvedValueOnce({ default: { '/communaute': Screen } });
    await expect(loader.load('community')).resolves.toEqual({ '/communaute': Screen });
  });

  test('a remote missing from /remotes.json is unavailable', async () => {
    await expect(createFederationLoader(config).load('review')).rejects.toThrow(/not listed/);
    expect(mocked.loadRemote).not.toHaveBeenCalled();
  });
});

describe('createDeferredLoader', () => {
  test('waits for the real loader, and asks again after a failed start', async () => {
    const real: RemoteLoader = { load: jest.fn(async () => ({})), peek: jest.fn(() => undefined), invalidate: jest.fn() };
    const start = jest.fn<Promise<RemoteLoader>, []>().mockRejectedValueOnce(new Error('no remotes.json')).mockResolvedValue(real);
    const loader = createDeferredLoader(start);
    expect(loader.peek('review')).toBeUndefined();
    await expect(loader.load('review')).rejects.toThrow('no remotes.json');
    await expect(loader.load('review')).resolves.toEqual({});
    expect(start).toHaveBeenCalledTimes(2);
    loader.invalidate('review');
    expect(real.invalidate).toHaveBeenCalledWith('review');
  });
});
