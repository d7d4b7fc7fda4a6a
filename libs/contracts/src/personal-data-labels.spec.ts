import { type AccountDataExport, accountDataExportSchema, type RatingDataExport, ratingDataExportSchema } from './personal-data';
import { PERSONAL_DATA_LABELS, PERSONAL_DATA_LANGUAGES, type PersonalDataLabel } from './personal-data-catalogue';
import { labelPersonalData, personalDataFileName } from './personal-data-labels';

const account: AccountDataExport = accountDataExportSchema.parse({
  email: 'eleve@example.org',
  language: 'es',
  joined_at: '2026-09-01T08:00:00.000Z',
  last_sign_in_at: null,
  roles: ['user', 'moderator'],
  google_linked: true,
  second_factor_enabled: false,
  sessions: [
    { device: { kind: 'phone', browser: 'Firefox', os: 'Other' }, signed_in_month: '2026-11', last_used_day: '2026-11-27', current: true },
    { device: { kind: 'desktop', browser: 'Other', os: 'Linux' }, signed_in_month: '2026-10', last_used_day: '2026-10-02', current: false },
  ],
  known_devices: 2,
});

const rating: RatingDataExport = ratingDataExportSchema.parse({
  reviews: [
    {
      id: 12,
      teacher: 'M. Dupont',
      subject: 'Mathématiques',
      class_year: 'Terminale',
      overall: 8,
      grades: { clarte: 7, gestion_colere: 3, methodes: 9, ambiance: 4, justice: 6, distraction: 5, amabilite: 2, difficulte: 1 },
      answers: { ponctuel: true, aide: false, greves: true, punitions: false },
      text: 'Tres bien',
      status: 'approved',
      created_at: '2026-10-03T10:11:12.000Z',
      updated_at: '2026-10-04T10:11:12.000Z',
      first_published_at: null,
      published_at: null,
    },
    ...(['pending', 'published', 'held', 'rejected'] as const).map((status, i) => ({
      id: 20 + i,
      teacher: 'Mme Martin',
      subject: 'Histoire',
      class_year: 'Seconde',
      overall: 5,
      grades: { charge_travail: 5, gestion_temps: 6, interaction_soutien: 7 },
      answers: { justice: true, distraction: false },
      text: '',
      status,
      created_at: '2026-09-03T10:11:12.000Z',
      updated_at: '2026-09-03T10:11:12.000Z',
      first_published_at: '2026-09-04T10:00:00.000Z',
      published_at: '2026-09-04T10:00:00.000Z',
    })),
  ],
  votes: [
    { review_id: 3, relatable: true },
    { review_id: 4, relatable: false },
  ],
  favorites: [5, 6],
  reports: (['open', 'kept', 'removed'] as const).map((outcome, i) => ({
    review_id: 7 + i,
    text: 'Insulte',
    created_at: '2026-11-01T00:00:00.000Z',
    outcome,
    decided_at: outcome === 'open' ? null : '2026-11-02T00:00:00.000Z',
  })),
});

/** A labelled document read by its (translated) keys. */
type Node = { [key: string]: Node } & Node[];

const at = new Date('2026-11-28T21:30:00.000Z');

/** Every key and every string value of a JSON document. */
function wordsOf(doc: unknown): string[] {
  if (typeof doc === 'string') return [doc];
  if (Array.isArray(doc)) return doc.flatMap(wordsOf);
  if (doc && typeof doc === 'object') return Object.entries(doc).flatMap(([k, v]) => [k, ...wordsOf(v)]);
  return [];
}

describe('personal-data labels', () => {
  it('has every key in all three languages, none empty', () => {
    const keys = Object.keys(PERSONAL_DATA_LABELS.fr).sort();
    for (const lang of PERSONAL_DATA_LANGUAGES) {
      expect(Object.keys(PERSONAL_DATA_LABELS[lang]).sort()).toEqual(keys);
      for (const key of keys) expect(PERSONAL_DATA_LABELS[lang][key as PersonalDataLabel].trim()).not.toBe('');
    }
  });

  it.each(['fr', 'es'] as const)('%s: no English word of the catalogue is left (beyond the data)', (lang) => {
    const words = new Set(wordsOf(labelPersonalData(account, rating, lang, at)));
    const english = Object.entries(PERSONAL_DATA_LABELS.en)
      .filter(([key, text]) => PERSONAL_DATA_LABELS[lang][key as PersonalDataLabel] !== text)
      .map(([, text]) => text);
    expect(english.filter((text) => words.has(text))).toEqual([]);
    // Nor a raw enumerated value (a status, an outcome, a role, a device kind, a criterion key).
    for (const raw of [
      'approved',
      'published',
      'held',
      'rejected',
      'open',
      'kept',
      'removed',
      'moderator',
      'phone',
      'desktop',
      'clarte',
      'Other',
    ])
      expect(words.has(raw)).toBe(false);
  });

  it('labels each part in the chosen language, the data as they are', () => {
    const fr = labelPersonalData(account, rating, 'fr', at) as unknown as Node;
    expect(fr['Exporté le']).toBe('2026-11-28T21:30:00.000Z');
    expect(fr['Compte']['Adresse e-mail']).toBe('eleve@example.org');
    expect(fr['Compte']['Langue']).toBe('Espagnol');
    expect(fr['Compte']['Rôles']).toEqual(['Utilisateur', 'Modérateur']);
    expect(fr['Compte']['Sessions ouvertes'][0]).toMatchObject({ Appareil: 'Téléphone', Système: 'Autre', 'Cette session': 'Oui' });
    expect(fr['Avis'][0]).toMatchObject({ 'Avis n°': 12, Classe: 'Terminale', 'Écrit le': '2026-10-03T10:11:12.000Z' });
    expect(fr['Avis'][0]['Notes']['Clarté']).toBe(7);
    expect(fr['Votes']).toEqual([
      { 'Avis n°': 3, 'Je m’y retrouve': 'Oui' },
      { 'Avis n°': 4, 'Je m’y retrouve': 'Non' },
    ]);
    expect(fr['Signalements'].map((r) => r['Issue'])).toEqual(['En attente', 'Avis conservé', 'Avis retiré']);
    const es = labelPersonalData(account, rating, 'es', at) as unknown as Node;
    expect(es['Opiniones'][2]['Estado']).toBe('Publicada');
    expect(es['Favoritos']).toEqual([{ 'Opinión n.º': 5 }, { 'Opinión n.º': 6 }]);
    const en = labelPersonalData(account, rating, 'en', at) as unknown as Node;
    expect(en['Reports'][2]['Outcome']).toBe('Review removed');
    expect(en['Account']['Two-step verification on']).toBe('No');
  });

  it('names the file after the day', () => {
    expect(personalDataFileName(at)).toBe('pupitre-my-data-2026-11-28.json');
  });
});
