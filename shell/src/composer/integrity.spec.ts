/** @jest-environment node */
import { createHash } from 'node:crypto';
import { matchesIntegrity } from './integrity';

const bytes = new TextEncoder().encode('{"id":"community"}');
const sri = (algorithm: string, data: Uint8Array) => `${algorithm}-${createHash(algorithm).update(data).digest('base64')}`;

test('a file matches the SRI value of its bytes, in any of the listed hashes, and nothing else', () => {
  expect(matchesIntegrity(bytes, sri('sha384', bytes))).toBe(true);
  expect(matchesIntegrity(bytes, `sha256-AAAA ${sri('sha512', bytes)}`)).toBe(true);
  expect(matchesIntegrity(bytes, sri('sha384', new TextEncoder().encode('{"id":"other"}')))).toBe(false);
  expect(matchesIntegrity(bytes, `md5-${createHash('md5').update(bytes).digest('base64')}`)).toBe(false);
  expect(matchesIntegrity(bytes, '')).toBe(false);
});
