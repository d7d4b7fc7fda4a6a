import { matchPattern, remoteRouteOf, ROUTE_OWNERSHIP } from './index';
import { withRouteReads, type RemoteLoader } from './loader';

test('a concrete path finds its remote, pattern and first reads', () => {
  expect(remoteRouteOf('/teacher/12')).toEqual({
    remote: 'community',
    path: '/teacher/:id',
    reads: [
      { path: '/api/teacher/12', auth: true },
      { path: '/api/teacher/12/reviews?limit=50', auth: true },
    ],
  });
  expect(remoteRouteOf('/ranking/')).toMatchObject({ remote: 'community', path: '/ranking' });
  expect(remoteRouteOf('/publication')?.reads).toEqual([{ path: '/api/subjects', auth: false }]);
  expect(remoteRouteOf('/auth')).toEqual({ remote: 'account', path: '/auth', reads: [] });
});

test('an invalid id reads nothing; shell paths and unknown paths are no remote route', () => {
  expect(remoteRouteOf('/teacher/abc')?.reads).toEqual([]);
  for (const path of [...ROUTE_OWNERSHIP.shell, '/nowhere']) expect(remoteRouteOf(path)).toBeNull();
  expect(matchPattern('/activate/:uid/:token', '/activate/a/b')).toEqual({ uid: 'a', token: 'b' });
});

test('withRouteReads: the remote counts as loaded only once the reads have settled, failed reads included', async () => {
  let loaded: Record<string, () => null> | undefined;
  const inner: RemoteLoader = {
    load: jest.fn(async () => (loaded = { '/ranking': () => null })),
    peek: () => loaded,
    invalidate: jest.fn(),
  };
  let settle!: () => void;
  const reads = new Promise<void>((_resolve, reject) => (settle = () => reject(new Error('offline'))));
  const loader = withRouteReads(inner, () => reads);
  const load = loader.load('community');
  await Promise.resolve();
  expect(loaded).toBeDefined();
  expect(loader.peek('community')).toBeUndefined();
  settle();
  await expect(load).resolves.toBe(loaded);
  expect(loader.peek('community')).toBe(loaded);
  loader.invalidate('community');
  expect(loader.peek('community')).toBeUndefined();
  expect(inner.invalidate).toHaveBeenCalledWith('community');
});
