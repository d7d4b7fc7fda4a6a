// The one way integration tests call the services: supertest's `request(url)` (and `fetch`), with
// every response checked against the HTTP contract of @pupitre/contracts (endpoints.ts): a body
// that has an unknown or a missing key, a status the endpoint does not answer, or an endpoint the
// contract does not declare fails the test. Each (endpoint, status) seen is recorded in
// CONTRACT_HITS_FILE (set by the integration setup) for the coverage check of the whole suite.
import fs from 'node:fs';
import { checkResponse, hitKey } from '@pupitre/contracts';
import supertest from 'supertest';
import { recordForPrivacyAudit } from './privacy-record';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Checks one response against the contract and records the hit (throws on a mismatch); the privacy
 * audit keeps what it needs of it (privacy-record.ts).
 */
export function record(method: string, url: string, status: number, body: unknown, text: string, authorization?: string): void {
  const endpoint = checkResponse(method, url, status, body, text);
  const file = process.env.CONTRACT_HITS_FILE;
  if (endpoint && file) fs.appendFileSync(file, `${hitKey(endpoint, status)}\n`);
  recordForPrivacyAudit(method, url, status, body, authorization);
}

/** The Authorization header a supertest request was sent with. */
const authorizationOf = (res: { req?: { getHeader?: (name: string) => unknown } }): string | undefined => {
  const value = res.req?.getHeader?.('authorization');
  return typeof value === 'string' ? value : undefined;
};

/** Does the response carry JSON? (supertest leaves `body` as `{}` otherwise.) */
const isJson = (type: string | undefined) => Boolean(type && /\bjson\b/.test(type));

/** `request(url).get(path)…` as with supertest, each response checked against the contract. */
export function request(url: string) {
  const agent = supertest(url);
  const call = (method: Method) => (path: string) =>
    agent[method](path).expect((res) =>
      record(
        method,
        path,
        res.status,
        isJson(res.headers['content-type']) ? res.body : undefined,
        res.text ?? '',
        authorizationOf(res as unknown as Parameters<typeof authorizationOf>[0]),
      ),
    );
  return { get: call('get'), post: call('post'), put: call('put'), patch: call('patch'), delete: call('delete') };
}

/** `fetch` to a service, the response checked against the contract; its body is read here (`json`, `text`). */
export async function checkedFetch(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; json: unknown; text: string }> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  const json = isJson(res.headers.get('content-type') ?? undefined) && text ? JSON.parse(text) : undefined;
  record(init.method ?? 'GET', url, res.status, json, text, new Headers(init.headers).get('authorization') ?? undefined);
  return { status: res.status, headers: res.headers, json, text };
}
