// Adversary suite (docs/threat-model.md): the rating API's default rate limits against the browsing
// they must allow and the polling they must refuse. The pages' reads are measured in Chromium
// (e2e/rate-limits.e2e.ts, at most BROWSING.pageReadsMax each); the limiter itself on a real Redis in
// rate-limits.int.spec.ts. Here, a token bucket of the default size and refill is replayed second by
// second: a page every BROWSING.pageEverySeconds for BROWSING.minutes never finds it empty, and a
// poller asking every second is refused within minutes, then gets one answer every two seconds.
import { BROWSING } from '@pupitre/contracts';
import { msPerToken, type Rate, sustainedPerSecond, validateConfig } from '@pupitre/server-kit';
import { ratingEnvSchema } from '../../../rating/src/config/rating-config';

const result = validateConfig(ratingEnvSchema, {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTH_JWKS_URL: 'http://127.0.0.1:3001/auth/.well-known/jwks.json',
});
if (!result.ok) throw new Error(result.problems.join('\n'));
const defaults = { address: result.config.RATE_LIMIT_ADDRESS, account: result.config.RATE_LIMIT_ACCOUNT };

/** Replays `requestsAt(second)` requests each second for `seconds` against a full bucket of `rate`: the refused ones. */
function replay(rate: Rate, seconds: number, requestsAt: (second: number) => number): { refused: number; firstRefusedAt: number | null } {
  let tokens = rate.limit;
  let refused = 0;
  let firstRefusedAt: number | null = null;
  for (let second = 0; second < seconds; second++) {
    tokens = Math.min(rate.limit, tokens + 1000 / msPerToken(rate));
    for (let i = 0; i < requestsAt(second); i++) {
      if (tokens >= 1) tokens -= 1;
      else {
        refused += 1;
        firstRefusedAt ??= second;
      }
    }
  }
  return { refused, firstRefusedAt };
}

describe.each(Object.entries(defaults))('the default rate limit per %s', (_, rate) => {
  it(`never refuses a page every ${BROWSING.pageEverySeconds} s for ${BROWSING.minutes} minutes, ${BROWSING.pageReadsMax} reads each`, () => {
    const browsing = replay(rate, BROWSING.minutes * 60, (s) => (s % BROWSING.pageEverySeconds === 0 ? BROWSING.pageReadsMax : 0));
    expect(browsing.refused).toBe(0);
  });

  it('refuses polling every second within 5 minutes, and keeps it under one answer a second', () => {
    const polling = replay(rate, 3600, () => 1);
    expect({ within5min: (polling.firstRefusedAt ?? Infinity) < 300, sustainedBelow1PerSecond: sustainedPerSecond(rate) < 1 }).toEqual({
      within5min: true,
      sustainedBelow1PerSecond: true,
    });
  });
});
