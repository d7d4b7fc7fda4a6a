import { voteOf, votersFromText, voteValue, voteWrite } from './votes';

describe('voteWrite: the one conditional write of a vote', () => {
  it('a first vote is pushed where the voter has none, the counts with it', () => {
    expect(voteWrite('u1', null, 1)).toEqual({
      filter: { 'voters.u': { $ne: 'u1' } },
      update: { $push: { voters: { u: 'u1', v: 1 } }, $inc: { relTotal: 1, relUp: 1 } },
    });
    expect(voteWrite('u1', null, 0)?.update).toEqual({ $push: { voters: { u: 'u1', v: 0 } }, $inc: { relTotal: 1, relUp: 0 } });
  });

  it('a changed vote is set in place where it still has its old value', () => {
    expect(voteWrite('u1', 0, 1)).toEqual({
      filter: { voters: { $elemMatch: { u: 'u1', v: 0 } } },
      update: { $set: { 'voters.$.v': 1 }, $inc: { relUp: 1 } },
    });
    expect(voteWrite('u1', 1, 0)?.update).toEqual({ $set: { 'voters.$.v': 0 }, $inc: { relUp: -1 } });
  });

  it('a removed vote is pulled where it still has its old value, the counts with it', () => {
    expect(voteWrite('u1', 1, null)).toEqual({
      filter: { voters: { $elemMatch: { u: 'u1', v: 1 } } },
      update: { $pull: { voters: { u: 'u1' } }, $inc: { relTotal: -1, relUp: -1 } },
    });
    expect(voteWrite('u1', 0, null)?.update).toEqual({ $pull: { voters: { u: 'u1' } }, $inc: { relTotal: -1, relUp: -0 } });
  });

  it('the same vote again, or no vote removed: nothing to write', () => {
    expect(voteWrite('u1', 1, 1)).toBeNull();
    expect(voteWrite('u1', 0, 0)).toBeNull();
    expect(voteWrite('u1', null, null)).toBeNull();
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
