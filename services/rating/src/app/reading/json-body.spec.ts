import { answerOnce, arrayAnswer, asJson, jsonOnce, withLast } from './json-body';

describe('cached JSON bodies', () => {
  it('serializes a value once and gives the same text back', () => {
    const value = { a: [1, 2], b: 'é' };
    const text = jsonOnce(value);
    expect(JSON.parse(text)).toEqual(value);
    value.b = 'changed'; // cached values are never mutated; the text is the one first serialized
    expect(jsonOnce(value)).toBe(text);
  });

  it('makes an array answer with a last element, then the same items with another last element', () => {
    const answer = arrayAnswer(JSON.stringify([{ x: 1 }, { y: 2 }]), JSON.stringify({ z: 3 }));
    expect(JSON.parse(answer.text)).toEqual([{ x: 1 }, { y: 2 }, { z: 3 }]);
    expect(JSON.parse(withLast(answer, '{"w":4}'))).toEqual([{ x: 1 }, { y: 2 }, { w: 4 }]);
    expect(answer.etag).toBe(answerOnce([{ x: 1 }, { y: 2 }, { z: 3 }]).etag);
    const empty = arrayAnswer('[]', '{"1":[null,false]}');
    expect(JSON.parse(empty.text)).toEqual([{ 1: [null, false] }]);
    expect(JSON.parse(withLast(empty, '{}'))).toEqual([{}]);
  });

  it('makes an answer once per value, with an ETag that follows its text', () => {
    const value = [{ id: 1 }];
    const answer = answerOnce(value);
    expect(answerOnce(value)).toBe(answer);
    expect(answer.text).toBe('[{"id":1}]');
    expect(answer.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(answerOnce([{ id: 1 }]).etag).toBe(answerOnce([{ id: 1 }]).etag);
    expect(answerOnce([{ id: 2 }]).etag).not.toBe(answerOnce([{ id: 1 }]).etag);
  });

  it('sends a made answer with its ETag, a text without one', () => {
    const headers: Record<string, string> = {};
    const res = { type: () => res, setHeader: (name: string, v: string) => (headers[name] = v) } as never;
    const answer = answerOnce({ a: 1 });
    expect(asJson(res, answer)).toBe('{"a":1}');
    expect(headers.ETag).toBe(answer.etag);
    delete headers.ETag;
    expect(asJson(res, '[]')).toBe('[]');
    expect(headers.ETag).toBeUndefined();
  });
});
