import { askEarly } from './early';
import { earlyAnswers, earlyFetch } from './early-answers';

const json = (body: unknown, ok = true) =>
  ({
    ok,
    status: ok ? 200 : 503,
    json: async () => body,
    clone() {
      return this;
    },
  }) as unknown as Response;

// jsdom has no fetch: each test installs its own.
function mockFetch(answer: (input: string) => Promise<Response>) {
  const fetch = jest.fn((input: RequestInfo | URL) => answer(String(input)));
  Object.assign(globalThis, { fetch });
  return fetch;
}
afterEach(() => Reflect.deleteProperty(globalThis, 'fetch'));

test('asks for /remotes.json, then every manifest it names; main.js takes each answer once', async () => {
  const scope = {};
  const fetch = mockFetch(async (input) =>
    String(input).endsWith('/remotes.json')
      ? json({ community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example/review/mf-manifest.json', bad: 'javascript:1' })
      : json({ name: String(input) }),
  );
  askEarly(scope, 'https://pupitre.example/ranking');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([
    'https://pupitre.example/remotes.json',
    'https://pupitre.example/mfe/community/mf-manifest.json',
    'https://cdn.example/review/mf-manifest.json',
  ]);
  const manifest = await earlyFetch('https://pupitre.example/mfe/community/mf-manifest.json', undefined, scope);
  await expect(manifest.json()).resolves.toEqual({ name: 'https://pupitre.example/mfe/community/mf-manifest.json' });
  expect(fetch).toHaveBeenCalledTimes(3); // taken from the early answers
  await earlyFetch('https://pupitre.example/mfe/community/mf-manifest.json', undefined, scope);
  expect(fetch).toHaveBeenCalledTimes(4); // a second ask goes to the network
});

test('a failing /remotes.json asks for nothing more and leaves its failure for main.js to report', async () => {
  const scope = {};
  const fetch = mockFetch(async () => json({}, false));
  askEarly(scope, 'https://pupitre.example/');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fetch).toHaveBeenCalledTimes(1);
  await expect(earlyFetch('https://pupitre.example/remotes.json', undefined, scope)).resolves.toMatchObject({ ok: false });
  expect(earlyAnswers(scope).size).toBe(0);
});
