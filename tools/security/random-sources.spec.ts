// Every random value the services, the libraries and the front ends make comes from node:crypto or
// the Web Crypto API (ASVS 6.3.1, 6.3.2): Math.random is allowed only where nothing secret depends on it.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['services', 'libs', 'shell', 'mfe-community', 'mfe-review', 'mfe-account'];
const NOTHING_SECRET = [
  // Retries wait a random moment so that racing writers part.
  'services/rating/src/app/data/review-store.ts',
  'services/rating/src/app/data/review-votes.ts',
  'libs/server-kit/src/database/duplicate-key.ts',
  // A form's idempotency attempt name where crypto.randomUUID is missing (a page not served over HTTPS):
  // the server keys idempotency by account, so a guessed name reaches nobody else's.
  'mfe-review/src/api.ts',
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return /^(node_modules|dist|dist-.*|testing|\..*)$/.test(entry.name) ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(spec|e2e)\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('random values', () => {
  const files = SOURCES.flatMap((d) => sourceFiles(path.join(ROOT, d))).map((f) => path.relative(ROOT, f));

  it('use Math.random nowhere but for retry jitter and a fallback idempotency name', () => {
    expect(files.length).toBeGreaterThan(100);
    const users = files.filter((f) => /\bMath\.random\b/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(users.sort()).toEqual([...NOTHING_SECRET].sort());
  });

  it('take ids, nonces and secrets from node:crypto: token ids are v4 UUIDs, review ids and salts random bytes', () => {
    const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
    expect(read('services/auth/src/app/tokens/token.service.ts')).toMatch(/import \{[^}]*\brandomUUID\b[^}]*\} from 'node:crypto'/);
    expect(read('services/rating/src/app/data/review-ids.ts')).toMatch(/from 'node:crypto'/);
    expect(read('services/auth/src/app/users/password-hasher.ts')).toMatch(/import \{[^}]*\brandomBytes\b[^}]*\} from 'node:crypto'/);
  });
});
