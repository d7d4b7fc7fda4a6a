import { appendToJsonArray, jsonOnce } from './json-body';

describe('cached JSON bodies', () => {
  it('serializes a value once and gives the same text back', () => {
    const value = { a: [1, 2], b: 'é' };
    const text = jsonOnce(value);
    expect(JSON.parse(text)).toEqual(value);
    value.b = 'changed'; // cached values are never mutated; the text is the one first serialized
    expect(jsonOnce(value)).toBe(text);
  });

  it('appends an element to a JSON array, empty or not', () => {
    expect(JSON.parse(appendToJsonArray(JSON.stringify([{ x: 1 }, { y: 2 }]), JSON.stringify({ z: 3 })))).toEqual([
      { x: 1 },
      { y: 2 },
      { z: 3 },
    ]);
    expect(JSON.parse(appendToJsonArray('[]', '{"1":[null,false]}'))).toEqual([{ 1: [null, false] }]);
  });
});
