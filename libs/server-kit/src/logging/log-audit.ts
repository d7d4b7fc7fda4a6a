// Tests only (PRIVACY_AUDIT_DIR, set by the integration setup): every line the services log, at
// every level, is also appended to `<dir>/logs.jsonl`, so the suite can read all of them for what
// must never be there (an author's account id or an e-mail next to a review id:
// tools/jest/privacy-audit.ts). Production never sets it: nothing is copied.
import fs from 'node:fs';
import path from 'node:path';

/** The folder of the privacy audit files, or null when the audit is off. */
export const privacyAuditDir = (): string | null => process.env.PRIVACY_AUDIT_DIR || null;

/** Where a log line is copied for the audit, whatever the log level (undefined: off). */
export function logAuditCopy(): ((line: string) => void) | undefined {
  const dir = privacyAuditDir();
  if (!dir) return undefined;
  const file = path.join(dir, 'logs.jsonl');
  return (line) => fs.appendFileSync(file, line);
}

/** The audit variable to hand to a child process (a bundle started by a test), empty when off. */
export function privacyAuditEnv(): Record<string, string> {
  const dir = privacyAuditDir();
  return dir ? { PRIVACY_AUDIT_DIR: dir } : {};
}
