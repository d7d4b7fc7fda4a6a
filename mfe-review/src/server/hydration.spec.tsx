// The takeover of the review remote's server-rendered pages (issue #39): hydrated without a mismatch,
// the server's nodes kept, and what is typed into the form before the remote's code arrives is kept.
import { takeOverHooks, takeOverRoute } from '@pupitre/mf-runtime/src/server/testing';
import { saveDraft } from '../form/draft';
import { emptyValues } from '../form/model';
import routes from '../routes';
import { PUBLICATION_READS, TRANSPARENCY_READS } from './fixtures';
import { reviewRenderer } from './renderer';

const state = takeOverHooks(reviewRenderer, { status: 500, body: {} });
const takeOver = async (at: string, reads: Record<string, unknown>, beforeCode?: (root: HTMLElement) => void) =>
  (state.page = await takeOverRoute({ renderer: reviewRenderer, routes, at, reads }, beforeCode));

test('/transparence: hydrated without a mismatch, the same nodes, no request', async () => {
  let table: Element | null = null;
  const page = await takeOver('/transparence', TRANSPARENCY_READS, (root) => void (table = root.querySelector('[data-testid="figures"]')));
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(table).not.toBeNull();
  expect(page.root.querySelector('[data-testid="figures"]')).toBe(table);
  expect(state.fetch).not.toHaveBeenCalled();
});

test('/publication: hydrated without a mismatch; a comment typed before the code arrives is kept, and counted', async () => {
  let form: Element | null = null;
  const page = await takeOver('/publication', PUBLICATION_READS, (root) => {
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
  expect(state.fetch).not.toHaveBeenCalled();
});

test('/publication with a draft on this device: the server form first, then the draft, restored', async () => {
  saveDraft({ ...emptyValues(), text: 'Kept on this device' });
  const page = await takeOver('/publication', PUBLICATION_READS);
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(page.root.querySelector('[data-testid="draft-restored"]')).not.toBeNull();
  expect(page.root.querySelector<HTMLTextAreaElement>('#rf-create-text')!.value).toBe('Kept on this device');
});
