// Malformed and absurd ids in the path parameters of every endpoint that has one (enumerated from
// the contract registry): words, signs, decimals, hex, exponents, huge numbers, NUL, invalid UTF-8,
// traversal (sent to the service itself: the edge resolves it out of the endpoint's route first),
// non-ASCII digits, operators. Always a 4xx with the contract's error body, never a 5xx,
// with and without a token; every process stays up.
import { BAD_IDS } from './testing/bad-input';
import { useProber } from './testing/prober';
import { label, pathWith, WITH_PATH_PARAMS } from './testing/registry';

jest.setTimeout(120_000);

describe('bad ids in path parameters, with and without a token', () => {
  const prober = useProber(__filename);

  it.each(WITH_PATH_PARAMS.map((e) => [label(e), e] as const))('%s', async (_, e) => {
    const problems = await prober().run(
      e,
      BAD_IDS.map((id) => ({ what: `id ${id.slice(0, 24)}`, path: pathWith(e, id), mustFail: true, direct: /\.\.%(2F|5C)/i.test(id) })),
    );
    expect(problems).toEqual([]);
  });
});
