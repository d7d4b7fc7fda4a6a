import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A database name unique to one test file and run: `it_<file label>_<random>`, at most 63
 * characters of [a-z0-9_] (valid for MongoDB and DocumentDB). Pass `__filename` or a label.
 */
export function testDatabaseName(fileOrLabel: string): string {
  const base = path
    .basename(fileOrLabel)
    .replace(/\.(int\.)?spec\.[cm]?[jt]sx?$/, '')
    .replace(/\.[cm]?[jt]sx?$/, '');
  const label =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'test';
  return `it_${label}_${randomBytes(5).toString('hex')}`;
}
