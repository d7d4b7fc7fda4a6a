// The environment variables the services read (the keys of their config schemas) are all documented, once each, in
// the tables of docs/services/environment.md; and that page names none the code no longer reads.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './markdown-files';

const DOC = 'docs/services/environment.md';
const CONFIG_DIRS = ['services/auth/src/config', 'services/rating/src/config', 'libs/server-kit/src/config'];

/** The keys of the schemas' objects: `NAME: field(…)` at the start of a line or after `{`, never a type (`NAME: string`). */
export function variablesOf(source: string): string[] {
  const names = new Set<string>();
  for (const line of source.split('\n')) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const m of line.matchAll(/(?:^\s*|\{\s*)([A-Z][A-Z0-9_]+):\s*(?!string\b|number\b|boolean\b|Record\b)(\S)/g)) names.add(m[1]);
  }
  return [...names];
}

/** The first cell of each row of the page's tables: one `NAME` each. */
export function documentedOf(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((l) => /^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/.exec(l)?.[1])
    .filter((n): n is string => n !== undefined);
}

const configFiles = CONFIG_DIRS.flatMap((dir) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => path.join(dir, f)),
);
const inCode = [...new Set(configFiles.flatMap((f) => variablesOf(fs.readFileSync(path.join(ROOT, f), 'utf8'))))].sort();
const documented = documentedOf(fs.readFileSync(path.join(ROOT, DOC), 'utf8'));

it('reads the schemas', () => {
  expect(inCode).toEqual(
    expect.arrayContaining(['MONGODB_URI', 'REDIS_TLS_CA_FILE', 'SECURITY_LOG_KEY', 'API_DOCS', 'AUTH_JWKS_URL', 'RECONCILE_INTERVAL']),
  );
  expect(inCode).not.toContain('NODE_ENV_X');
});

it(`documents every variable of the config schemas in ${DOC}`, () => {
  expect(inCode.filter((n) => !documented.includes(n))).toEqual([]);
});

it(`documents each variable once, and none the code does not read`, () => {
  expect(documented.filter((n, i) => documented.indexOf(n) !== i)).toEqual([]);
  expect(documented.filter((n) => !inCode.includes(n))).toEqual([]);
});

it('tells schema keys from types and comments', () => {
  expect(
    variablesOf("  HOST: hostField(),\nexport const x = { API_DOCS: z.enum(['true']) };\n  env: { NODE_ENV: string };\n * `EX_CONFIG: x`"),
  ).toEqual(['HOST', 'API_DOCS']);
});
