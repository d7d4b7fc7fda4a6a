// The legal pages exist in fr, es and en with the same keys.
import { findMissingKeys } from '@pupitre/i18n';
import legalEn from './en';
import legalEs from './es';
import legalFr from './fr';

test('legal: fr, es and en have the same keys, none empty', () => {
  expect(findMissingKeys({ fr: legalFr, es: legalEs, en: legalEn })).toEqual([]);
});
