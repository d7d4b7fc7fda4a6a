// "Download my data" on /settings (issue #41): both parts fetched through the api client, joined and
// labelled in the reader's language, saved as pupitre-my-data-YYYY-MM-DD.json; progress while it is
// prepared, and a clear error (with what to do) when it cannot be.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { ACCOUNT_EXPORT_PATH, type AccountDataExport, RATING_EXPORT_PATH, type RatingDataExport } from '@pupitre/contracts';
import { addNamespace, initI18n, setLanguage } from '@pupitre/i18n';
import { catalogues } from '../../i18n';
import { ACCOUNT_DATA_PATH, RATING_DATA_PATH } from '../../api';
import { DataExportPanel, saveFile } from './DataExportPanel';

initI18n('en');
addNamespace('account', catalogues);
afterEach(async () => {
  resetApiClient();
  jest.restoreAllMocks();
  await setLanguage('en');
});

const ACCOUNT: AccountDataExport = {
  email: 'eleve@example.org',
  language: 'fr',
  joined_at: '2026-09-01T08:00:00.000Z',
  last_sign_in_at: '2026-11-28T08:00:00.000Z',
  roles: ['user'],
  google_linked: false,
  second_factor_enabled: true,
  sessions: [
    {
      device: { kind: 'desktop', browser: 'Firefox', os: 'Linux' },
      signed_in_month: '2026-11',
      last_used_day: '2026-11-28',
      current: true,
    },
  ],
  known_devices: 1,
};
const RATING: RatingDataExport = {
  reviews: [
    {
      id: 12,
      teacher: 'M. Dupont',
      subject: 'Mathématiques',
      class_year: 'Terminale',
      overall: 8,
      grades: { clarte: 7 },
      answers: { ponctuel: true },
      text: 'Tres bien',
      status: 'published',
      created_at: '2026-10-03T10:11:12.000Z',
      updated_at: '2026-10-03T10:11:12.000Z',
      first_published_at: '2026-10-04T06:00:00.000Z',
      published_at: '2026-10-04T06:00:00.000Z',
    },
  ],
  votes: [{ review_id: 3, relatable: true }],
  favorites: [5],
  reports: [],
};
const NOW = new Date('2026-11-28T21:30:00.000Z');
const ok = { [`GET ${ACCOUNT_DATA_PATH}`]: { status: 200, body: ACCOUNT }, [`GET ${RATING_DATA_PATH}`]: { status: 200, body: RATING } };

test('the paths are the contract’s', () => {
  expect(ACCOUNT_DATA_PATH).toBe(ACCOUNT_EXPORT_PATH);
  expect(RATING_DATA_PATH).toBe(RATING_EXPORT_PATH);
});

test('fetches both parts, labels them in the reader’s language and saves one dated file; busy meanwhile', async () => {
  await setLanguage('fr');
  const api = fakeRoutes(ok);
  const save = jest.fn();
  render(<DataExportPanel save={save} now={() => NOW} />);
  const button = screen.getByRole('button', { name: 'Télécharger mes données' });
  fireEvent.click(button);
  expect(button).toHaveAttribute('aria-busy', 'true');
  expect(button).toHaveTextContent('Préparation…');
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  expect(api.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([`GET ${RATING_DATA_PATH}`, `GET ${ACCOUNT_DATA_PATH}`].sort());
  const [name, text] = save.mock.calls[0] as [string, string];
  expect(name).toBe('pupitre-my-data-2026-11-28.json');
  const doc = JSON.parse(text);
  expect(doc['Exporté le']).toBe(NOW.toISOString());
  expect(doc['Compte']['Adresse e-mail']).toBe('eleve@example.org');
  expect(doc['Compte']['Double authentification activée']).toBe('Oui');
  expect(doc['Avis'][0]).toMatchObject({ Classe: 'Terminale', Statut: 'Publié', 'Écrit le': '2026-10-03T10:11:12.000Z' });
  expect(doc['Votes']).toEqual([{ 'Avis n°': 3, 'Je m’y retrouve': 'Oui' }]);
  expect(doc['Favoris']).toEqual([{ 'Avis n°': 5 }]);
  expect(await screen.findByTestId('data-export-status')).toHaveTextContent('Téléchargé : pupitre-my-data-2026-11-28.json.');
  expect(button).toHaveAttribute('aria-busy', 'false');
  expect(button).toBeEnabled();
});

test('in Spanish, the button and the file speak Spanish', async () => {
  await setLanguage('es');
  fakeRoutes(ok);
  const save = jest.fn();
  render(<DataExportPanel save={save} now={() => NOW} />);
  fireEvent.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
  await waitFor(() => expect(save).toHaveBeenCalled());
  const doc = JSON.parse((save.mock.calls[0] as [string, string])[1]);
  expect(doc['Opiniones'][0]['Estado']).toBe('Publicada');
  expect(doc['Cuenta']['Idioma']).toBe('Francés');
});

test('a part that cannot be read: nothing is saved, a clear error says what to do', async () => {
  fakeRoutes({
    [`GET ${ACCOUNT_DATA_PATH}`]: { status: 200, body: ACCOUNT },
    [`GET ${RATING_DATA_PATH}`]: { status: 503, body: { error: 'unavailable' } },
  });
  const save = jest.fn();
  render(<DataExportPanel save={save} />);
  fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your data could not be prepared. Check your connection and try again');
  expect(save).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
});

test('a session that has ended: sign in again', async () => {
  fakeRoutes({
    [`GET ${ACCOUNT_DATA_PATH}`]: { status: 401, body: { detail: 'Authentication credentials were not provided.' } },
    [`GET ${RATING_DATA_PATH}`]: { status: 200, body: RATING },
  });
  const save = jest.fn();
  render(<DataExportPanel save={save} />);
  fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Sign in again, then download your data.');
  expect(save).not.toHaveBeenCalled();
});

test('saveFile: a Blob behind a temporary <a download>, removed at once', () => {
  jest.useFakeTimers();
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:pupitre/1';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = jest.fn();
  const clicked: HTMLAnchorElement[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  saveFile('pupitre-my-data-2026-11-28.json', '{}');
  expect(clicked).toHaveLength(1);
  expect(clicked[0].download).toBe('pupitre-my-data-2026-11-28.json');
  expect(clicked[0].href).toBe('blob:pupitre/1');
  expect(clicked[0].isConnected).toBe(false);
  expect(created[0].type).toBe('application/json');
  jest.runAllTimers();
  expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:pupitre/1');
  jest.useRealTimers();
});
