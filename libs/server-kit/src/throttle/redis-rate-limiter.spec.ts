import { validateConfig } from '../config/validate-config';
import { z } from 'zod';
import { rateField, retryAfterSeconds } from './redis-rate-limiter';

describe('rateField', () => {
  const schema = z.object({ RATE: rateField('10/1m') });
  it('parses limit/window', () => {
    expect(validateConfig(schema, {})).toEqual({ ok: true, config: { RATE: { limit: 10, windowMs: 60_000 } } });
    expect(validateConfig(schema, { RATE: '3/500ms' })).toEqual({ ok: true, config: { RATE: { limit: 3, windowMs: 500 } } });
  });
  it('names a bad rate', () => {
    expect(validateConfig(schema, { RATE: 'ten' })).toEqual({
      ok: false,
      problems: ['RATE: expected a rate like 10/1m (at most 10 per minute) or 5/30s, got "ten"'],
    });
    expect(validateConfig(schema, { RATE: '0/1m' }).ok).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds({ allowed: false, count: 3, retryAfterMs: 1001 })).toBe(2);
    expect(retryAfterSeconds({ allowed: false, count: 3, retryAfterMs: 5 })).toBe(1);
  });
});
