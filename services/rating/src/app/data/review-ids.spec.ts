import { newReviewId } from './review-ids';

describe('newReviewId', () => {
  it('draws safe integers of [2^40, 2^53), all different', () => {
    const ids = Array.from({ length: 10_000 }, newReviewId);
    expect(ids.every((id) => Number.isSafeInteger(id) && id >= 2 ** 40)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
