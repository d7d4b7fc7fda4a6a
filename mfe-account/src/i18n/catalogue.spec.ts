// The account catalogue: every key is used by the account remote's sources.
import fs from 'node:fs';
import path from 'node:path';
import { findUnusedKeys } from '@pupitre/i18n';
import { catalogues } from './index';

const SRC = path.resolve(__dirname, '..');
const sources = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f) && !/^i18n[\\/]/.test(f))
  .map((f) => fs.readFileSync(path.join(SRC, f), 'utf8'));

test('account: every key is used', () => {
  expect(findUnusedKeys(catalogues.en, sources, 'account')).toEqual([]);
});
