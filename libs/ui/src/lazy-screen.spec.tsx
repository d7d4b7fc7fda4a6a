import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { isScreenLoaded, lazyScreen, preloadScreen } from './lazy-screen';

const Ranking = () => <h1>Ranking</h1>;

test('a screen loaded ahead renders at once, without a "loading" frame', async () => {
  const load = jest.fn(async () => ({ Ranking }));
  const Screen = lazyScreen(load, 'Ranking');
  expect(isScreenLoaded(Screen)).toBe(false);
  await preloadScreen(Screen);
  expect(isScreenLoaded(Screen)).toBe(true);
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );
  expect(screen.getByRole('heading', { name: 'Ranking' })).toBeInTheDocument(); // synchronously
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  await preloadScreen(Screen);
  expect(load).toHaveBeenCalledTimes(1);
});

test('a screen whose chunk failed to load is asked for again on the next preload', async () => {
  const load = jest
    .fn<Promise<{ Ranking: typeof Ranking }>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue({ Ranking });
  const Screen = lazyScreen(load, 'Ranking');
  await expect(preloadScreen(Screen)).rejects.toThrow('ChunkLoadError');
  expect(isScreenLoaded(Screen)).toBe(false);
  await preloadScreen(Screen);
  expect(isScreenLoaded(Screen)).toBe(true);
  expect(load).toHaveBeenCalledTimes(2);
});

test('any other component counts as loaded', async () => {
  expect(isScreenLoaded(Ranking)).toBe(true);
  await expect(preloadScreen(Ranking)).resolves.toBeUndefined();
});
