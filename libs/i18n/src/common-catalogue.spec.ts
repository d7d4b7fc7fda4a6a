// The common catalogue: fr, es and en have the same keys, and every key is used by some front end
// (their sources are read as text: a library never imports an application).
import fs from 'node:fs';
import path from 'node:path';
import { findMissingKeys } from './index';
import { findUnusedKeys } from './unused-keys';
import commonEn from './locales/common.en';
import commonEs from './locales/common.es';
import commonFr from './locales/common.fr';

const ROOT = path.resolve(__dirname, '../../..');
const FRONT_ENDS = [
  'shell/src',
  'mfe-account/src',
  'mfe-community/src',
  'mfe-review/src',
  'libs/ui/src',
  'libs/api-client/src',
  'libs/mf-runtime/src',
];

function sources(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
      .filter(
        (f) =>
          /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f) && !/[\\/]i18n[\\/]|[\\/]locales[\\/]|[\\/]legal[\\/](en|es|fr)\.ts$/.test(`/${f}`),
      )
      .map((f) => fs.readFileSync(path.join(ROOT, dir, f), 'utf8')),
  );
}

test('common: fr, es and en have the same keys, none empty', () => {
  expect(findMissingKeys({ fr: commonFr, es: commonEs, en: commonEn })).toEqual([]);
});

test('common: every key is used', () => {
  expect(findUnusedKeys(commonEn, sources(...FRONT_ENDS), 'common')).toEqual([]);
});

test('findUnusedKeys reports a key nobody names', () => {
  expect(findUnusedKeys({ a: { b: 'x', c: 'y' }, d: { e: 'z' } }, ["t('a.b')", 't(`d.${x}`)'])).toEqual(['a.c']);
});
