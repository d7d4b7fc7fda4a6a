// Tests only (PRIVACY_AUDIT_DIR): what the privacy audit of the integration suite reads beside the
// services' logs (tools/jest/privacy-audit.ts). Every answer of the moderation API and of a
// teacher's space, and who each review's author, reporters and voters are (the `sub` of the token
// that wrote, reported or voted), so the audit knows which account ids must never show next to a
// review id.
import fs from 'node:fs';
import path from 'node:path';
import { privacyAuditDir } from '../logging/log-audit';

const REVIEWED = /^\/api\/(moderation\/|teacher-space)/;
const ROLES: [RegExp, 'author' | 'reporter' | 'voter', number][] = [
  [/^\/api\/rating\/0$/, 'author', 201],
  [/^\/api\/rating\/[1-9][0-9]*$/, 'author', 200],
  [/^\/api\/rating\/([1-9][0-9]*)\/report$/, 'reporter', 201],
  [/^\/api\/relatable\/([1-9][0-9]*)$/, 'voter', 200],
];

/** The `sub` of a bearer token, without checking it (the service did). */
export function bearerSubject(authorization: string | undefined): string | null {
  const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/** Records one answer for the audit, when the audit is on. */
export function recordForPrivacyAudit(method: string, url: string, status: number, body: unknown, authorization?: string): void {
  const dir = privacyAuditDir();
  if (!dir) return;
  const pathname = new URL(url, 'http://x').pathname;
  if (REVIEWED.test(pathname))
    fs.appendFileSync(path.join(dir, 'moderation.jsonl'), `${JSON.stringify({ method, url: pathname, status, body })}\n`);
  const sub = bearerSubject(authorization);
  if (!sub || !['POST', 'PUT'].includes(method.toUpperCase())) return;
  for (const [pattern, role, ok] of ROLES) {
    const match = pathname.match(pattern);
    if (!match || status !== ok) continue;
    const review = match[1] ? Number(match[1]) : (body as { id?: unknown } | undefined)?.id;
    fs.appendFileSync(path.join(dir, 'accounts.jsonl'), `${JSON.stringify({ role, review, sub })}\n`);
  }
}
