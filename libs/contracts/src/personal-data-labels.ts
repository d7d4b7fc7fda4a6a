// One document out of the two parts of a personal-data download (personal-data.ts): its keys and its
// enumerated values (statuses, outcomes, yes/no, roles, device kinds, languages) in the reader's
// language; the data themselves (names, texts, dates, numbers) as they are. Pure: the front end
// calls it; no zod (type-only imports).
import type { AccountDataExport, ExportedSession, RatingDataExport } from './personal-data';
import { PERSONAL_DATA_LABELS, type PersonalDataLabel, type PersonalDataLanguage } from './personal-data-catalogue';

export type LabelledPersonalData = Record<string, unknown>;

export function labelPersonalData(
  account: AccountDataExport,
  rating: RatingDataExport,
  lang: PersonalDataLanguage,
  exportedAt: Date = new Date(),
): LabelledPersonalData {
  const words = PERSONAL_DATA_LABELS[lang] ?? PERSONAL_DATA_LABELS.fr;
  const t = (key: PersonalDataLabel): string => words[key];
  /** A catalogued value, or the value itself when the catalogue has none (a role or a state added since). */
  const value = (prefix: string, raw: string): string => (words as Record<string, string>)[`${prefix}.${raw}`] ?? raw;
  const yesNo = (b: boolean) => t(b ? 'yes' : 'no');
  const family = (name: string) => (name === 'Other' ? t('other') : name);
  const session = (s: ExportedSession) => ({
    [t('device')]: value('kind', s.device.kind),
    [t('browser')]: family(s.device.browser),
    [t('os')]: family(s.device.os),
    [t('signedInMonth')]: s.signed_in_month,
    [t('lastUsedDay')]: s.last_used_day,
    [t('current')]: yesNo(s.current),
  });
  return {
    [t('about')]: t('what'),
    [t('exportedAt')]: exportedAt.toISOString(),
    [t('documentLanguage')]: value('lang', lang),
    [t('account')]: {
      [t('email')]: account.email,
      [t('language')]: value('lang', account.language),
      [t('joinedAt')]: account.joined_at,
      [t('lastSignInAt')]: account.last_sign_in_at ?? t('none'),
      [t('roles')]: account.roles.map((r) => value('role', r)),
      [t('googleLinked')]: yesNo(account.google_linked),
      [t('secondFactor')]: yesNo(account.second_factor_enabled),
      [t('sessions')]: account.sessions.map(session),
      [t('knownDevices')]: account.known_devices,
    },
    [t('reviews')]: rating.reviews.map((r) => ({
      [t('reviewId')]: r.id,
      [t('teacher')]: r.teacher,
      [t('subject')]: r.subject,
      [t('classYear')]: r.class_year,
      [t('overall')]: r.overall,
      [t('grades')]: Object.fromEntries(Object.entries(r.grades).map(([k, v]) => [value('grade', k), v])),
      [t('answers')]: Object.fromEntries(Object.entries(r.answers).map(([k, v]) => [value('answer', k), yesNo(v)])),
      [t('text')]: r.text,
      [t('status')]: value('status', r.status),
      [t('createdAt')]: r.created_at,
      [t('updatedAt')]: r.updated_at,
      [t('firstPublishedAt')]: r.first_published_at ?? t('none'),
      [t('publishedAt')]: r.published_at ?? t('none'),
    })),
    [t('votes')]: rating.votes.map((v) => ({ [t('reviewId')]: v.review_id, [t('relatable')]: yesNo(v.relatable) })),
    [t('favorites')]: rating.favorites.map((id) => ({ [t('reviewId')]: id })),
    [t('reports')]: rating.reports.map((r) => ({
      [t('reviewId')]: r.review_id,
      [t('text')]: r.text,
      [t('reportedAt')]: r.created_at,
      [t('outcome')]: value('outcome', r.outcome),
      [t('decidedAt')]: r.decided_at ?? t('none'),
    })),
  };
}

/** `pupitre-my-data-YYYY-MM-DD.json` (the UTC day). */
export const personalDataFileName = (at: Date = new Date()): string => `pupitre-my-data-${at.toISOString().slice(0, 10)}.json`;
