import { REVIEW_FLAG_KEYS, REVIEW_GRADE_KEYS, type ReviewPayload } from '@pupitre/contracts';
import { fakeApi } from '@pupitre/api-client/src/testing';
import { idempotencyKey, newAttempt, reviewApi } from './api';

const payload = (tot: number) =>
  ({
    teacher: 4,
    subject: 1,
    year: 2,
    tot_rating: tot,
    text_rating: '',
    ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 6])),
    ...Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, false])),
  }) as ReviewPayload;

describe('idempotent publication', () => {
  it('names a resend of the same review with the same key, a changed review with another', () => {
    const attempt = newAttempt();
    expect(idempotencyKey(attempt, payload(7))).toBe(idempotencyKey(attempt, payload(7)));
    expect(idempotencyKey(attempt, payload(7))).not.toBe(idempotencyKey(attempt, payload(8)));
    expect(idempotencyKey(newAttempt(), payload(7))).not.toBe(idempotencyKey(attempt, payload(7)));
    expect(idempotencyKey(attempt, payload(7))).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('sends the key with POST /api/rating/0', async () => {
    const api = fakeApi(() => ({ status: 201, body: { message: 'Review created', id: 12 } }));
    await expect(reviewApi.create(payload(7), 'attempt-1')).resolves.toEqual({ ok: true, id: 12 });
    const [, init] = api.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(idempotencyKey('attempt-1', payload(7)));
  });
});
