import { voteOf, votePipeline, votersFromText, voteValue } from './votes';

describe('votePipeline: the one conditional write of a vote (the database computes it: vote-pipeline.int.spec.ts)', () => {
  it("a first vote's filter: no vote of the voter yet; a change's or a removal's: their previous vote", () => {
    expect(votePipeline('u1', null, 1)).toMatchObject({ filter: { 'voters.u': { $ne: 'u1' } }, inc: { relUp: 1, relTotal: 1 } });
    expect(votePipeline('u1', 0, 1)).toMatchObject({
      filter: { voters: { $elemMatch: { u: 'u1', v: 0 } } },
      inc: { relUp: 1, relTotal: 0 },
    });
    expect(votePipeline('u1', 1, null)).toMatchObject({
      filter: { voters: { $elemMatch: { u: 'u1', v: 1 } } },
      inc: { relUp: -1, relTotal: -1 },
    });
  });

  it('the same vote again, or no vote removed: nothing to write', () => {
    expect(votePipeline('u1', 1, 1)).toBeNull();
    expect(votePipeline('u1', 0, 0)).toBeNull();
    expect(votePipeline('u1', null, null)).toBeNull();
  });
});

test("voteOf reads the voter's own vote (a projection of it, or the whole array)", () => {
  expect(voteOf({ voters: [{ u: 'a', v: 0 }] }, 'a')).toBe(0);
  expect(
    voteOf(
      {
        voters: [
          { u: 'a', v: 0 },
          { u: 'b', v: 1 },
        ],
      },
      'b',
    ),
  ).toBe(1);
  expect(voteOf({ voters: [{ u: 'a', v: 0 }] }, 'b')).toBeNull();
  expect(voteOf({} as never, 'a')).toBeNull();
  expect(voteOf(null, 'a')).toBeNull();
  expect([voteValue(true), voteValue(false), voteValue(null)]).toEqual([1, 0, null]);
});

test('votersFromText reads the earlier JSON text, whatever it holds', () => {
  expect(votersFromText('{"a":1,"b":0}')).toEqual([
    { u: 'a', v: 1 },
    { u: 'b', v: 0 },
  ]);
  expect(votersFromText('{}')).toEqual([]);
  expect(votersFromText('')).toEqual([]);
  expect(votersFromText('not json')).toEqual([]);
  expect(votersFromText('[1]')).toEqual([]);
  expect(votersFromText('{"a":2,"b":"1"}')).toEqual([]);
  expect(votersFromText(undefined)).toEqual([]);
});
