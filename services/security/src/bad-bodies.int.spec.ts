// Malformed bodies on every endpoint that changes something (enumerated from the contract registry):
// broken JSON, wrong content types, arrays, nulls, query operators, pollution keys, deep nesting,
// oversized bodies. An endpoint that reads a body (its OpenAPI operation has one) answers a 4xx
// with the contract's error body; no endpoint answers a 5xx; every process stays up.
import { BAD_BODIES } from './testing/bad-input';
import { useProber } from './testing/prober';
import { label, realPath, WRITES } from './testing/registry';

jest.setTimeout(120_000);

describe('bad request bodies on every write endpoint, with and without a token', () => {
  const prober = useProber(__filename);

  it('knows from the OpenAPI documents which endpoints read a body', () => {
    const undocumented = WRITES.filter((e) => !prober().operation(e)).map(label);
    expect(undocumented).toEqual([]);
  });

  it.each(WRITES.map((e) => [label(e), e] as const))('%s', async (_, e) => {
    const mustFail = Boolean(prober().operation(e)?.readsBody);
    const path = realPath(e, prober().fixtures);
    const problems = await prober().run(
      e,
      BAD_BODIES.map((b) => ({ what: b.name, path, contentType: b.contentType, body: b.body, headers: b.headers, mustFail })),
    );
    expect(problems).toEqual([]);
  });
});
