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

// Account age (0 today → 1 at 30 days: fresh sign-ups can queue a review, never take it down) × track record
// (Laplace-smoothed: 1 without history, up to 2 for reporters moderators agree with), two decimals.
export function reportWeight({ accountAgeDays, upheld, dismissed }: ReporterRecord): number {
  const age = Math.min(1, Math.max(0, accountAgeDays) / FULL_WEIGHT_AGE_DAYS);
  const record = (2 * (upheld + 1)) / (upheld + dismissed + 2);
  return Math.round(age * record * 100) / 100;
}
