// The privacy audit of the integration suite (docs/threat-model.md): every moderation
// answer, every answer of a teacher's space and every line the services logged during the run (at
// every level: ../logging/log-audit.ts) is read for what must never be there: the
// account id of a review's author, reporter or voter (the `sub` of the token that wrote, reported or
// voted, recorded by the tests' request helper: privacy-record.ts), in
// clear or hex-encoded, an e-mail address or a client's address, next to a review id; a review id at
// all in a line above debug (the line's exact time dates the review); and, in moderation answers,
// any field that names an account (the acting moderator's own `moderatorId` excepted).
import fs from 'node:fs';
import path from 'node:path';

export interface PrivacyAudit {
  logLines: number;
  answers: number;
  accounts: number;
  /** One line per problem: where, what, and the start of the offending line. */
  problems: string[];
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** An IPv4 or IPv6 address (a client's, next to a review id: who wrote or read it). */
const CLIENT_ADDRESS =
  /(?<![0-9.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9.])|(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{1,4}:){2,7}[0-9A-Fa-f]{0,4}(?![0-9A-Fa-f:])|::1\b|::ffff:/;
/** Accounts the seed invents for its demo reviews. */
const DEMO_AUTHOR = /(?<![A-Za-z0-9_-])demo-[0-9]+-[0-9]+(?![A-Za-z0-9_-])/;
const ACCOUNT_FIELD =
  /^(author|authorid|author_id|user|userid|user_id|account|accountid|account_id|reporter|reporterid|reporter_id|voter|email|e_mail|mail|sub)$/i;
/** Fields that hold a review id (counts of reviews, such as `reviews: 3`, are none). */
const REVIEW_FIELD = /^(review|reviewId|review_id|ref)$/i;
const REVIEW_TEXT = /\/api\/(rating|relatable)\/[1-9]|\/reviews\/[1-9]|review-[0-9]|decided-[0-9]|report:[0-9]/i;

const readLines = (file: string): string[] => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

/** A matcher of the protected account ids: in clear (as a whole token) or hex-encoded (as in a job id). */
function accountMatcher(subs: Iterable<string>): (text: string) => string | null {
  const list = [...new Set(subs)].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
  if (!list.length) return (text) => text.match(DEMO_AUTHOR)?.[0] ?? null;
  const clear = new RegExp(`(?<![A-Za-z0-9_-])(${list.map(escape).join('|')})(?![A-Za-z0-9_-])`);
  const encoded = new RegExp(list.map((s) => hex(s)).join('|'), 'i');
  return (text) => text.match(clear)?.[1] ?? text.match(DEMO_AUTHOR)?.[0] ?? (encoded.test(text) ? '(hex-encoded account id)' : null);
}

/** Every key and string value of a JSON value, without what `skip` names. */
function walk(
  value: unknown,
  visit: (key: string | null, text: string | null) => void,
  skip: RegExp | null,
  key: string | null = null,
): void {
  if (key !== null && skip?.test(key)) return;
  if (typeof value === 'string') visit(key, value);
  else if (typeof value === 'number') visit(key, String(value));
  else if (Array.isArray(value)) for (const item of value) walk(item, visit, skip, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (!skip?.test(k)) visit(k, null);
      walk(v, visit, skip, k);
    }
}

/** Whether a log entry speaks of a review (a review id field, a review's path or job id). */
function mentionsReview(entry: unknown): boolean {
  let found = false;
  walk(
    entry,
    (key, text) => {
      if ((key && REVIEW_FIELD.test(key) && text !== null && /[0-9]/.test(text)) || (text && REVIEW_TEXT.test(text))) found = true;
    },
    null,
  );
  return found;
}

export function auditPrivacy(dir: string): PrivacyAudit {
  const accounts = readLines(path.join(dir, 'accounts.jsonl')).map((l) => (JSON.parse(l) as { sub: string }).sub);
  const accountIn = accountMatcher(accounts);
  const problems: string[] = [];
  const excerpt = (line: string) => line.slice(0, 300);

  const answers = readLines(path.join(dir, 'moderation.jsonl'));
  for (const line of answers) {
    const answer = JSON.parse(line) as { method: string; url: string; body: unknown };
    const where = `moderation answer ${answer.method} ${answer.url}`;
    // The acting moderator's own id is the audit log's "who decided"; it names no author.
    walk(
      answer.body,
      (key, text) => {
        if (key !== null && text === null && ACCOUNT_FIELD.test(key)) problems.push(`${where}: a field "${key}" names an account`);
        if (text === null) return;
        const account = accountIn(text);
        if (account) problems.push(`${where}: account id ${account} in ${key ?? 'a value'}`);
        if (EMAIL.test(text)) problems.push(`${where}: an e-mail address in ${key ?? 'a value'}`);
      },
      /^moderatorId$/,
    );
  }

  const logLines = readLines(path.join(dir, 'logs.jsonl'));
  for (const line of logLines) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = line;
    }
    if (!mentionsReview(entry)) continue;
    // Above debug a line's exact time next to a review id says when it was written or published (review-redaction.ts).
    const level = (entry as { level?: unknown } | null)?.level;
    if (typeof level === 'string' && level !== 'debug' && level !== 'verbose')
      problems.push(`log line at ${level} with a review id (its time dates the review): ${excerpt(line)}`);
    if (CLIENT_ADDRESS.test(line)) problems.push(`log line with a review id: a client address: ${excerpt(line)}`);
    const account = accountIn(line);
    if (account) problems.push(`log line with a review id: account id ${account}: ${excerpt(line)}`);
    if (EMAIL.test(line)) problems.push(`log line with a review id: an e-mail address: ${excerpt(line)}`);
  }
  return { logLines: logLines.length, answers: answers.length, accounts: new Set(accounts).size, problems: [...new Set(problems)] };
}
