// Bad query strings on every read endpoint (enumerated from the contract registry; the probes on
// each process's own port): repeated parameters, arrays and objects in brackets, pollution keys,
// NUL and invalid UTF-8, a thousand parameters, absurd values, a body on a read. Invalid values of a parameter the
// endpoint reads (its OpenAPI operation declares it) answer a 4xx; nothing answers a 5xx.
import { badQueries } from './testing/bad-input';
import { useProber } from './testing/prober';
import { label, READS, realPath } from './testing/registry';

jest.setTimeout(120_000);

describe('bad query strings on every read endpoint, with and without a token', () => {
  const prober = useProber(__filename);

  it.each(READS.map((e) => [label(e), e] as const))('%s', async (_, e) => {
    const path = realPath(e, prober().fixtures);
    const problems = await prober().run(
      e,
      badQueries(prober().operation(e)?.query ?? []).map((q) => ({
        what: q.name,
        path: `${path}?${q.query}`,
        body: q.body,
        contentType: q.body && 'application/json',
        mustFail: q.invalid,
      })),
    );
    expect(problems).toEqual([]);
  });
});
