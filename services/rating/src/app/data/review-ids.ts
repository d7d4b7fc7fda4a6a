import { randomBytes } from 'node:crypto';

/** The smallest review id drawn: above every id of the earlier sequential design (their authors' links keep working). */
const LOWEST = 2 ** 40;
const SPAN = BigInt(Number.MAX_SAFE_INTEGER) + 1n - BigInt(LOWEST);

/**
 * A new review's id: drawn uniformly from [2^40, 2^53), so that it is opaque, in no order, and tells nothing of when the
 * review was written nor of any other id (a counter let anyone read each review's write time from `max id + 1`:
 * docs/threat-model.md). Still a JSON number, as older clients expect. Two draws meet with a chance of about
 * n² / 2^54 (n = 1,000,000 reviews: 1 in 18 billion); the insert's unique `_id` refuses a repeat all the same.
 */
export function newReviewId(): number {
  return Number(BigInt(`0x${randomBytes(8).toString('hex')}`) % SPAN) + LOWEST;
}
