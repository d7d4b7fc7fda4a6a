// The takeover of the review remote's server-rendered pages (issue #39): hydrated without a mismatch,
// the server's nodes kept, and what is typed into the form before the remote's code arrives is kept.
import { act } from 'react';
import { configureApiClient, resetApiClient } from '@pupitre/api-client';
import { i18n, initI18n } from '@pupitre/i18n';
import { takeOverPage, type TakeOver } from '@pupitre/mf-runtime/src/server/testing';
import { clearSession } from '@pupitre/session';
import { setRenderNow } from '@pupitre/ui';
import { saveDraft } from '../form/draft';
import { emptyValues } from '../form/model';
import routes from '../routes';
import { PUBLICATION_READS, TRANSPARENCY_READS } from './fixtures';
import { reviewRenderer } from './renderer';

const NOW = Date.UTC(2026, 10, 28, 12);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await reviewRenderer.prepare();
  initI18n('fr');
  await i18n.changeLanguage('fr');
});
let page: TakeOver | undefined;
let fetch: jest.Mock;
beforeEach(() => {
  localStorage.clear();
  clearSession();
  fetch = jest.fn(async () => ({ status: 500, ok: false, text: async () => '{}' }));
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
});
afterEach(() => {
  act(() => page?.hydrated.unmount());
  page = undefined;
  resetApiClient();
  setRenderNow(null);
  document.body.innerHTML = '';
});

const takeOver = (at: string, reads: Record<string, unknown>, beforeCode?: (root: HTMLElement) => void) =>
  takeOverPage(
    {
      remote: 'review',
      pattern: at,
      at,
      fragmentHtml: reviewRenderer.render({ path: at, lang: 'fr', reads, now: NOW })!.html,
      reads,
      now: NOW,
      routes,
    },
    beforeCode,
  );

test('/transparence: hydrated without a mismatch, the same nodes, no request', async () => {
  let table: Element | null = null;
  page = await takeOver('/transparence', TRANSPARENCY_READS, (root) => void (table = root.querySelector('[data-testid="figures"]')));
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(table).not.toBeNull();
  expect(page.root.querySelector('[data-testid="figures"]')).toBe(table);
  expect(fetch).not.toHaveBeenCalled();
});

test('/publication: hydrated without a mismatch; a comment typed before the code arrives is kept, and counted', async () => {
  let form: Element | null = null;
  page = await takeOver('/publication', PUBLICATION_READS, (root) => {
    form = root.querySelector('[data-testid="review-form"]');
    const comment = root.querySelector<HTMLTextAreaElement>('#rf-create-text')!;
    // Typed while the server's HTML is on screen (the browser sets the value, no React yet).
    comment.value = 'Typed early';
    comment.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(page.root.querySelector('[data-testid="review-form"]')).toBe(form);
  expect(page.root.querySelector<HTMLTextAreaElement>('#rf-create-text')!.value).toBe('Typed early');
  // The form's state has it too: the counter says so.
  expect(page.root.querySelector('[data-testid="comment-check"]')!.textContent).toContain('11 / ');
  expect(fetch).not.toHaveBeenCalled();
});

test('/publication with a draft on this device: the server form first, then the draft, restored', async () => {
  saveDraft({ ...emptyValues(), text: 'Kept on this device' });
  page = await takeOver('/publication', PUBLICATION_READS);
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(page.root.querySelector('[data-testid="draft-restored"]')).not.toBeNull();
  expect(page.root.querySelector<HTMLTextAreaElement>('#rf-create-text')!.value).toBe('Kept on this device');
});
