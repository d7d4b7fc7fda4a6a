import { isDuplicateKey } from './duplicate-key';

describe('isDuplicateKey', () => {
  it('recognises a unique-index failure by code or message, nothing else', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey(new Error('E11000 duplicate key error collection: x index: _id_'))).toBe(true);
    expect(isDuplicateKey(new Error('connection closed'))).toBe(false);
    expect(isDuplicateKey({ code: 121 })).toBe(false);
  });
});
