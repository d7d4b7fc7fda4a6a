/** @jest-environment node */
import { ConfigError, parseRendererConfig } from './config';

const valid = { PORT: '4301', HOST: '127.0.0.1', API_URL: 'http://127.0.0.1:3001/' };

test('a valid environment, with defaults for the cache and the read timeout', () => {
  expect(parseRendererConfig(valid)).toEqual({
    port: 4301,
    host: '127.0.0.1',
    apiUrl: 'http://127.0.0.1:3001',
    readCacheMs: 1000,
    readTimeoutMs: 800,
  });
  expect(parseRendererConfig({ ...valid, READ_CACHE_MS: '250', READ_TIMEOUT_MS: '500' })).toMatchObject({
    readCacheMs: 250,
    readTimeoutMs: 500,
  });
});

test.each([
  [{}, ['PORT', 'HOST', 'API_URL']],
  [{ ...valid, PORT: '0' }, ['PORT']],
  [{ ...valid, PORT: 'http' }, ['PORT']],
  [{ ...valid, API_URL: 'rating:3001' }, ['API_URL']],
  [{ ...valid, API_URL: 'ftp://x' }, ['API_URL']],
  [{ ...valid, READ_CACHE_MS: '1001' }, ['READ_CACHE_MS']],
  [{ ...valid, READ_CACHE_MS: '-1' }, ['READ_CACHE_MS']],
  [{ ...valid, READ_TIMEOUT_MS: '0' }, ['READ_TIMEOUT_MS']],
])('a wrong environment names every wrong variable: %j', (env, names) => {
  let error: unknown;
  try {
    parseRendererConfig(env);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual(names);
});
