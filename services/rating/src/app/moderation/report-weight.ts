/** Days after which an account's reports weigh fully (a new sign-up's weigh nothing). */
export const FULL_WEIGHT_AGE_DAYS = 30;

export interface ReporterRecord {
  /** Age of the reporter's account, in days (from the token's join date, or the first time seen). */
  accountAgeDays: number;
  /** The reporter's earlier reports a moderator upheld (review removed) … */
  upheld: number;
  /** … and those a moderator dismissed (review kept). */
  dismissed: number;
}

/**
 * What one report weighs towards taking a review down before a moderator decides (the review is
 * held once the open reports weigh REPORT_HIDE_THRESHOLD): account age × track record.
 * - Age: 0 for an account created today, rising linearly to 1 at 30 days, so a handful of fresh
 *   sign-ups (an e-mail each) can queue a review for a moderator but never take it down alone.
 * - Record: 2 × (upheld + 1) / (upheld + dismissed + 2), Laplace-smoothed: 1 with no history, up to
 *   2 for a reporter moderators keep agreeing with, towards 0 for one they keep overruling.
 * Rounded to two decimals (stored on the report; the sum is kept on the review).
 */
export function reportWeight({ accountAgeDays, upheld, dismissed }: ReporterRecord): number {
  const age = Math.min(1, Math.max(0, accountAgeDays) / FULL_WEIGHT_AGE_DAYS);
  const record = (2 * (upheld + 1)) / (upheld + dismissed + 2);
  return Math.round(age * record * 100) / 100;
}
