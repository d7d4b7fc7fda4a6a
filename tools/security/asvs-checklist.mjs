// The OWASP ASVS 4.0.3 Level 2 checklist (docs/security/asvs-l2.md and the chapter files it links)
// read as data, and checked: every L2 id of V1–V14 once, a valid status on each row, and every test a
// `met` row names really in its file (issue #41). Run by tools/security/asvs-checklist.spec.ts.
import fs from 'node:fs';
import path from 'node:path';

/** Every requirement of ASVS 4.0.3 chapters V1–V14 that Level 2 asks for (L1 and L2; L3-only and deleted ids left out). */
const RANGES = [
  // V1 Architecture, design and threat modeling (1.4.2, 1.4.3, 1.12.1 deleted; 1.11.3 is L3)
  ['1.1', 1, 7],
  ['1.2', 1, 4],
  ['1.4', [1, 4, 5]],
  ['1.5', 1, 4],
  ['1.6', 1, 4],
  ['1.7', 1, 2],
  ['1.8', 1, 2],
  ['1.9', 1, 2],
  ['1.10', 1, 1],
  ['1.11', 1, 2],
  ['1.12', [2]],
  ['1.14', 1, 6],
  // V2 Authentication (2.2.4–2.2.7 and 2.8.7 are L3)
  ['2.1', 1, 12],
  ['2.2', 1, 3],
  ['2.3', 1, 3],
  ['2.4', 1, 5],
  ['2.5', 1, 7],
  ['2.6', 1, 3],
  ['2.7', 1, 6],
  ['2.8', 1, 6],
  ['2.9', 1, 3],
  ['2.10', 1, 4],
  // V3 Session management (3.6.x is L3)
  ['3.1', 1, 1],
  ['3.2', 1, 4],
  ['3.3', 1, 4],
  ['3.4', 1, 5],
  ['3.5', 1, 3],
  ['3.7', 1, 1],
  // V4 Access control (4.1.4 deleted)
  ['4.1', [1, 2, 3, 5]],
  ['4.2', 1, 2],
  ['4.3', 1, 3],
  // V5 Validation, sanitization and encoding
  ['5.1', 1, 5],
  ['5.2', 1, 8],
  ['5.3', 1, 10],
  ['5.4', 1, 3],
  ['5.5', 1, 4],
  // V6 Stored cryptography (6.2.7, 6.2.8, 6.3.3 are L3)
  ['6.1', 1, 3],
  ['6.2', 1, 6],
  ['6.3', 1, 2],
  ['6.4', 1, 2],
  // V7 Error handling and logging (7.3.2 deleted)
  ['7.1', 1, 4],
  ['7.2', 1, 2],
  ['7.3', [1, 3, 4]],
  ['7.4', 1, 3],
  // V8 Data protection (8.1.5, 8.1.6 are L3)
  ['8.1', 1, 4],
  ['8.2', 1, 3],
  ['8.3', 1, 8],
  // V9 Communication (9.2.5 is L3)
  ['9.1', 1, 3],
  ['9.2', 1, 4],
  // V10 Malicious code (10.1.1 and 10.2.3–10.2.6 are L3)
  ['10.2', 1, 2],
  ['10.3', 1, 3],
  // V11 Business logic
  ['11.1', 1, 8],
  // V12 Files and resources
  ['12.1', 1, 3],
  ['12.2', 1, 1],
  ['12.3', 1, 6],
  ['12.4', 1, 2],
  ['12.5', 1, 2],
  ['12.6', 1, 1],
  // V13 API and web service (13.1.2, 13.2.4 deleted)
  ['13.1', [1, 3, 4, 5]],
  ['13.2', [1, 2, 3, 5, 6]],
  ['13.3', 1, 2],
  ['13.4', 1, 2],
  // V14 Configuration (14.1.5 is L3; 14.3.1 deleted)
  ['14.1', 1, 4],
  ['14.2', 1, 6],
  ['14.3', [2, 3]],
  ['14.4', 1, 7],
  ['14.5', 1, 4],
];

/** @type {readonly string[]} */
export const EXPECTED_IDS = Object.freeze(
  RANGES.flatMap(([section, from, to]) => {
    const numbers = Array.isArray(from) ? from : Array.from({ length: to - from + 1 }, (_, i) => from + i);
    return numbers.map((n) => `${section}.${n}`);
  }),
);

export const STATUSES = Object.freeze(['met', 'n/a', 'deviation']);
export const INDEX = 'docs/security/asvs-l2.md';

/**
 * The rows of one markdown text: every table line whose first cell is an ASVS id.
 * @param {string} text
 * @param {string} file where the text comes from, for the messages
 */
export function parseRows(text, file) {
  const rows = [];
  text.split('\n').forEach((line, i) => {
    const cells = splitRow(line);
    if (!cells || !/^\d+\.\d+\.\d+$/.test(cells[0])) return;
    const [id, requirement = '', status = '', evidence = ''] = cells;
    rows.push({ id, requirement, status, evidence, file, line: i + 1 });
  });
  return rows;
}

/** A table line's cells (`\|` kept inside a cell), or null for any other line. */
function splitRow(line) {
  const t = line.trim();
  if (!t.startsWith('|') || !t.endsWith('|')) return null;
  return t
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/**
 * The tests an evidence cell names: `` `path/to/file.spec.ts` › "title or a unique prefix of it" ``, any number.
 * @param {string} evidence
 */
export function parseEvidence(evidence) {
  const named = [];
  const re = /`([^`]+\.(?:spec\.(?:ts|tsx|mjs|cjs)|e2e\.ts))`\s*›\s*"((?:[^"\\]|\\.)+)"/g;
  let m;
  while ((m = re.exec(evidence))) named.push({ file: m[1], title: m[2].replace(/\\"/g, '"') });
  return named;
}

/** Where `npm test` finds tests (jest.config.cjs's projects, e2e/playwright.config.ts): a test elsewhere shows nothing. */
const RUN_BY_NPM_TEST = [
  /^(libs|services|infra|scripts|tools)\/.+\.spec\.(ts|tsx|mjs|cjs)$/,
  /^(shell|mfe-community|mfe-review|mfe-account)\/src\/.+\.spec\.(ts|tsx)$/,
  /^e2e\/[^/]+\.e2e\.ts$/,
];

/** @param {string} file a path from the repository's root */
export const runByNpmTest = (file) => RUN_BY_NPM_TEST.some((re) => re.test(file)) && !/(^|\/)(node_modules|dist)\//.test(file);

const TEST_CALL = /\b(?:it|test|describe)(?:\.(?:only|skip|concurrent|serial|fixme|fail|each))*\s*$|\)\s*$/;

/**
 * How many test titles (it, test, describe, and each of their .each forms) of a file's text start with `title`.
 * @param {string} source
 * @param {string} title
 */
export function countTitles(source, title) {
  let count = 0;
  for (let at = source.indexOf(title); at >= 0; at = source.indexOf(title, at + 1)) {
    const quote = source[at - 1];
    if (quote !== "'" && quote !== '"' && quote !== '`') continue;
    const before = source.slice(Math.max(0, at - 400), at - 1).replace(/\s+$/, '');
    if (!before.endsWith('(')) continue;
    if (TEST_CALL.test(before.slice(0, -1))) count++;
  }
  return count;
}

/**
 * Every problem of a set of rows, as messages naming the file and line.
 * @param {{id: string, status: string, evidence: string, file: string, line: number}[]} rows
 * @param {{root: string, strict?: boolean, expectedIds?: readonly string[]}} options
 */
export function checkRows(rows, { root, strict = false, expectedIds = EXPECTED_IDS }) {
  const problems = [];
  const where = (r) => `${r.file}:${r.line} (${r.id})`;
  const seen = new Map();
  const sources = new Map();
  const read = (file) => {
    if (!sources.has(file)) {
      const full = path.join(root, file);
      sources.set(file, fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null);
    }
    return sources.get(file);
  };

  for (const r of rows) {
    if (seen.has(r.id)) problems.push(`${where(r)}: ${r.id} listed twice (first at ${seen.get(r.id)})`);
    else seen.set(r.id, `${r.file}:${r.line}`);
    if (!expectedIds.includes(r.id)) problems.push(`${where(r)}: ${r.id} is no Level 2 requirement of ASVS 4.0.3 V1–V14`);
    if (!STATUSES.includes(r.status)) {
      problems.push(`${where(r)}: status "${r.status}" is none of ${STATUSES.join(', ')}`);
      continue;
    }
    const pending = /^pending:/i.test(r.evidence);
    if (pending) {
      if (strict) problems.push(`${where(r)}: still pending (ASVS_STRICT=1): ${r.evidence}`);
      continue;
    }
    if (r.status !== 'met') {
      if (r.evidence.length < 10)
        problems.push(`${where(r)}: a ${r.status} row needs its reason${r.status === 'deviation' ? ' and what compensates' : ''}`);
      continue;
    }
    const named = parseEvidence(r.evidence);
    if (!named.length) problems.push(`${where(r)}: met, but names no test (\`path\` › "title")`);
    for (const { file, title } of named) {
      if (!runByNpmTest(file)) {
        problems.push(`${where(r)}: ${file} is not run by npm test`);
        continue;
      }
      const source = read(file);
      if (source === null) {
        problems.push(`${where(r)}: ${file} does not exist`);
        continue;
      }
      const n = countTitles(source, title);
      if (n === 0) problems.push(`${where(r)}: ${file} has no test titled "${title}"`);
      else if (n > 1) problems.push(`${where(r)}: "${title}" starts ${n} test titles in ${file}: quote more of it`);
    }
  }
  for (const id of expectedIds) if (!seen.has(id)) problems.push(`${id} is missing from the checklist`);
  return problems;
}

/**
 * The index and the chapter files it links (relative links ending in .md under asvs-l2/).
 * @param {string} root
 * @param {string} [index]
 */
export function checklistFiles(root, index = INDEX) {
  const text = fs.readFileSync(path.join(root, index), 'utf8');
  const linked = [...text.matchAll(/\]\((asvs-l2\/[^)#]+\.md)\)/g)].map((m) => path.posix.join(path.posix.dirname(index), m[1]));
  return [index, ...new Set(linked)];
}

/**
 * The whole checklist: its rows, the problems and the figures by status.
 * @param {{root: string, index?: string, strict?: boolean}} options
 */
export function checkChecklist({ root, index = INDEX, strict = false }) {
  const files = checklistFiles(root, index);
  const rows = files.flatMap((file) => parseRows(fs.readFileSync(path.join(root, file), 'utf8'), file));
  const problems = checkRows(rows, { root, strict });
  const figures = Object.fromEntries(STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]));
  figures.pending = rows.filter((r) => /^pending:/i.test(r.evidence)).length;
  return { files, rows, problems, figures };
}
