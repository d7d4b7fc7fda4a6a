// Catalogue completeness: every key of the shell's and account's catalogues exists in fr, es and
// en (findMissingKeys), and every key is used by some front-end source (findUnusedKeys).
import fs from 'node:fs';
import path from 'node:path';
import { findMissingKeys, findUnusedKeys } from '@pupitre/i18n';
import commonEn from '../../libs/i18n/src/locales/common.en';
import commonEs from '../../libs/i18n/src/locales/common.es';
import commonFr from '../../libs/i18n/src/locales/common.fr';
import { catalogues as account } from '../../mfe-account/src/i18n';
import legalEn from './legal/en';
import legalEs from './legal/es';
import legalFr from './legal/fr';

const ROOT = path.resolve(__dirname, '../..');
function sources(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f) && !/[\\/]i18n[\\/]|[\\/]locales[\\/]|[\\/]legal[\\/](en|es|fr)\.ts$/.test(`/${f}`))
      .map((f) => fs.readFileSync(path.join(ROOT, dir, f), 'utf8')),
  );
}
const FRONT_ENDS = ['shell/src', 'mfe-account/src', 'mfe-community/src', 'mfe-review/src', 'libs/ui/src', 'libs/api-client/src', 'libs/mf-runtime/src'];

test.each([
  ['common', { fr: commonFr, es: commonEs, en: commonEn }],
  ['legal', { fr: legalFr, es: legalEs, en: legalEn }],
  ['account', account],
])('%s: fr, es and en have the same keys, none empty', (_ns, catalogues) => {
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('common: every key is used', () => {
  expect(findUnusedKeys(commonEn, sources(...FRONT_ENDS), 'common')).toEqual([]);
});

test('account: every key is used', () => {
  expect(findUnusedKeys(account.en, sources('mfe-account/src'), 'account')).toEqual([]);
});

test('findUnusedKeys reports a key nobody names', () => {
  expect(findUnusedKeys({ a: { b: 'x', c: 'y' }, d: { e: 'z' } }, ["t('a.b')", 't(`d.${x}`)'])).toEqual(['a.c']);
});
