/**
 * How a person browses, which the rating API's rate limits must never refuse (docs/threat-model.md):
 * a page at most every `pageEverySeconds` for `minutes` on end, each page sending at most
 * `pageReadsMax` requests to the rating API. e2e/rate-limits.e2e.ts measures the pages' reads against
 * `pageReadsMax`; the rating service's configuration test holds its default limits to the whole.
 */
export const BROWSING = { pageReadsMax: 4, pageEverySeconds: 10, minutes: 60 } as const;
