import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditPrivacy } from './privacy-audit';

function audit(files: { accounts?: object[]; moderation?: object[]; logs?: (object | string)[] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-audit-'));
  const write = (name: string, lines: (object | string)[] = []) =>
    fs.writeFileSync(path.join(dir, name), lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  write('accounts.jsonl', files.accounts);
  write('moderation.jsonl', files.moderation);
  write('logs.jsonl', files.logs);
  try {
    return auditPrivacy(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const author = { role: 'author', review: 4, sub: 'user-1f2e3d4c' };
const queue = (item: object) => ({ method: 'GET', url: '/api/moderation/queue', status: 200, body: [{ id: 4, author_key: 'k', ...item }] });

describe('the privacy audit of the integration suite', () => {
  it('passes clean answers and logs, and the acting moderator’s own id', () => {
    const result = audit({
      accounts: [author],
      moderation: [
        queue({}),
        { method: 'GET', url: '/api/moderation/actions', status: 200, body: [{ reviewId: 4, moderatorId: 'mod-7' }] },
      ],
      logs: [
        { level: 'debug', msg: 'could not queue the publication job', reviewId: 4 },
        { level: 'warn', msg: 'could not queue the publication job' },
        { msg: 'account erased', userId: 'user-1f2e3d4c' },
      ],
    });
    expect(result).toEqual({ logLines: 3, answers: 2, accounts: 1, problems: [] });
  });

  it('finds an author’s account id or an e-mail in a moderation answer, and a field that names an account', () => {
    const { problems } = audit({
      accounts: [author],
      moderation: [queue({ note: 'by user-1f2e3d4c' }), queue({ authorId: 'x' }), queue({ text: 'write to a.b@example.org' })],
    });
    expect(problems).toEqual([
      'moderation answer GET /api/moderation/queue: account id user-1f2e3d4c in note',
      'moderation answer GET /api/moderation/queue: a field "authorId" names an account',
      'moderation answer GET /api/moderation/queue: an e-mail address in text',
    ]);
  });

  it('finds an account id (in clear, hex-encoded, or a demo author) or an e-mail in a log line next to a review id', () => {
    const hex = Buffer.from('user-1f2e3d4c').toString('hex');
    const { problems } = audit({
      accounts: [author],
      logs: [
        { msg: 'published', reviewId: 4, authorId: 'user-1f2e3d4c' },
        { msg: 'job failed', jobId: `report-decided-4-${hex}` },
        { msg: 'notice not sent', key: 'report:4:demo-3-1' },
        { msg: 'unexpected error', url: '/api/rating/4/report', email: 'someone@example.org' },
      ],
    });
    expect(problems.map((p) => p.split(':').slice(0, 2).join(':'))).toEqual([
      'log line with a review id: account id user-1f2e3d4c',
      'log line with a review id: account id (hex-encoded account id)',
      'log line with a review id: account id demo-3-1',
      'log line with a review id: an e-mail address',
    ]);
  });

  it('finds a review id in a line above debug (its time dates the review), and a client address next to a review id', () => {
    const { problems } = audit({
      logs: [
        { level: 'info', msg: 'job done', jobId: 'review-123-v1', ms: 12 },
        { level: 'warn', msg: 'dependency unavailable', url: '/api/rating/123' },
        { level: 'debug', msg: 'request', url: '/api/rating/123', ip: '203.0.113.9' },
        { level: 'debug', msg: 'request', url: '/api/relatable/77', ip: '::ffff:198.51.100.4' },
        { level: 'info', msg: 'request', url: '/api/rating/:id', ip: '203.0.113.9' },
      ],
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'log line at info with a review id (its time dates the review)',
      'log line at warn with a review id (its time dates the review)',
      'log line with a review id',
      'log line with a review id',
    ]);
    expect(problems.slice(2).every((p) => p.includes('a client address'))).toBe(true);
  });

  it('reads nothing when the suite wrote nothing', () => {
    expect(audit({})).toEqual({ logLines: 0, answers: 0, accounts: 0, problems: [] });
  });
});
