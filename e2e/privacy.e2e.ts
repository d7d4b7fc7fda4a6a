import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { expectAccessible, SCREENSHOT_DIR } from './support/pages';
import { publishSampleReview } from './support/accounts.mjs';
import { tokensReadableByScripts } from './support/token-scan';
import { takenOver } from './support/takeover';
import { apiAs, createUser, grantModerator, signIn, type TestUser } from './support/users';

// Issue #28 in Chromium against the real services (docs/threat-model.md), in French and Spanish:
// the publication form warns while a comment is written, and again on submit, when it may identify
// someone (never blocking: publishing anyway holds the review for a moderator, its author reads
// why); public cards say the month, never the class year nor the day; the teacher page shows class
// years only in large enough groups; the moderator sees what the check found and an opaque author
// key. Screenshots at 375 and 1280 px in artifacts/screenshots/privacy/.

test.describe.configure({ mode: 'serial' });

const SHOTS = path.join(SCREENSHOT_DIR, 'privacy');
const LANGUAGES = ['fr', 'es'] as const;
const COMMENTS = { fr: 'Ma fille en 4eme B trouve ses cours clairs', es: 'Mi hijo en 4o B dice que explica muy bien' };
const NUDGE = {
  fr: 'Ce commentaire pourrait permettre de reconnaître quelqu’un',
  es: 'Este comentario podría permitir reconocer a alguien',
};
const ASK = { fr: 'Avant de publier', es: 'Antes de publicar' };
const HELD_REASON = { fr: 'votre commentaire pourrait permettre de vous reconnaître', es: 'tu comentario podría permitir reconocerte' };
/** What a public card must never say: a class year, or how many days ago. */
const FORBIDDEN = {
  fr: /Terminale|Première|Seconde|Troisième|Quatrième|Cinquième|Sixième|aujourd’hui|hier|il y a/,
  es: /Bachillerato|ESO|Primaria|hoy|ayer|hace /,
};
/** "novembre 2026", "noviembre de 2026". */
const MONTH = { fr: /^\p{Ll}+ \d{4}$/u, es: /^\p{Ll}+ de \d{4}$/u };

let author: TestUser;
let moderator: TestUser;
let faure: { id: number; subjects: { id: number }[] };
const held: number[] = [];

async function pageIn(browser: Browser, baseURL: string, user: TestUser | null, lang: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', locale: lang, viewport: { width: 375, height: 812 } });
  return signIn(context, baseURL, user, lang);
}

/** The whole page at 375 and 1280 px (PNG), then back to the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test.beforeAll(async ({ stack }) => {
  [author, moderator] = await Promise.all([createUser(stack, 'privacy-author'), createUser(stack, 'privacy-moderator')]);
  await grantModerator(stack, moderator);
  const found = (await apiAs(stack, null).get('/api/teachers?query=Faure')).body as { id: number; name: string }[];
  faure = (await apiAs(stack, null).get(`/api/teacher/${found.find((t) => t.name === 'Faure')!.id}`)).body as typeof faure;
});

for (const [n, lang] of LANGUAGES.entries()) {
  test(`${lang}: the form warns while writing and again on submit; publishing anyway holds the review and its author reads why`, async ({
    browser,
    stack,
  }) => {
    const page = await pageIn(browser, stack.url, author, lang);
    await page.goto(`/publication?teacher=${faure.id}`);
    await expect(page.getByTestId('review-form')).toBeVisible();
    await expect(page.getByTestId('subject-select')).toHaveValue(String(faure.subjects[0].id));
    await page.getByTestId('year-select').selectOption(String(3 + n));
    for (const fieldset of await page.locator('[data-testid^="grade-"]').all()) await fieldset.locator('label').nth(4).click();
    await page.getByTestId('comment').fill(COMMENTS[lang]);

    // While writing: what was found, in the reader's language.
    const nudge = page.getByTestId('comment-nudge');
    await expect(nudge).toContainText(NUDGE[lang]);
    await expect(nudge).toContainText('4');
    await expect(nudge.locator('li')).toHaveCount(2); // the class group and the family tie
    await nudge.scrollIntoViewIfNeeded();
    await shoot(page, `${lang}-publication-nudge`);

    // On submit: asked again, nothing sent yet; axe clean.
    await page.getByTestId('submit').click();
    await expect(nudge).toHaveAttribute('data-asking', 'true');
    await expect(nudge).toContainText(ASK[lang]);
    await expect(nudge).toBeFocused();
    await expectAccessible(page, `${lang}-publication-nudge`);
    await shoot(page, `${lang}-publication-nudge-submit`);

    // Publish anyway: sent, held for a moderator; the author reads why on "my reviews".
    const created = page.waitForResponse((r) => r.url().endsWith('/api/rating/0') && r.request().method() === 'POST');
    await page.getByTestId('nudge-publish').click();
    const response = await created;
    expect(response.status()).toBe(201);
    const id = ((await response.json()) as { id: number }).id;
    held.push(id);
    await expect(page).toHaveURL(new RegExp(`/publication/complete\\?id=${id}$`));
    await expect
      .poll(async () => ((await apiAs(stack, author).get(`/api/rating/${id}`)).body as { status: string }).status, { timeout: 20_000 })
      .toBe('held');
    await page.goto('/me/reviews');
    const item = page.getByTestId('my-review').filter({ has: page.locator(`a[href="/review/${id}/edit"]`) });
    await expect(item.getByTestId('review-status')).toHaveAttribute('data-status', 'held');
    await expect(item.getByTestId('review-reason')).toContainText(HELD_REASON[lang]);
    await page.context().close();
  });
}

for (const lang of LANGUAGES) {
  test(`${lang}: public cards say the month, never the class year nor the day; class years only by school level on the teacher page`, async ({
    browser,
    stack,
  }) => {
    // A teacher of the demo data whose reviews are broken down by school level (once the worker froze the month's).
    const ranking = (await apiAs(stack, null).get('/api/teachers/ranking')).body as { id: number }[];
    let teacherId = 0;
    await expect
      .poll(
        async () => {
          for (const { id } of ranking) {
            const detail = (await apiAs(stack, null).get(`/api/teacher/${id}`)).body as { by_year: unknown[] };
            if (detail.by_year.length >= 1) return (teacherId = id);
          }
          return 0;
        },
        { message: 'a teacher with a breakdown by school level' },
      )
      .toBeGreaterThan(0);

    const page = await pageIn(browser, stack.url, null, lang);
    await page.goto('/communaute');
    const cards = page.getByTestId('category-recent').getByTestId('review-card');
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 6)) {
      await expect(card.getByTestId('review-date')).toHaveText(MONTH[lang]);
      await expect(card).not.toContainText(FORBIDDEN[lang]);
    }
    await shoot(page, `${lang}-community`);

    await page.goto(`/teacher/${teacherId}`);
    const groups = page.getByTestId('year-breakdown').locator('li');
    await expect(groups.first()).toBeVisible();
    for (const group of await groups.all()) {
      expect(Number(await group.getAttribute('data-reviews'))).toBeGreaterThanOrEqual(5);
      expect(['6,5,4,3', '2,1,0']).toContain(await group.getAttribute('data-years')); // the fixed levels only
    }
    const teacherCards = page.getByTestId('teacher-reviews').getByTestId('review-card');
    await expect(teacherCards.first()).toBeVisible();
    for (const card of await teacherCards.all()) {
      await expect(card.getByTestId('review-date')).toHaveText(MONTH[lang]);
      await expect(card).not.toContainText(FORBIDDEN[lang]);
    }
    await expectAccessible(page, `${lang}-teacher`);
    await shoot(page, `${lang}-teacher`);
    await page.context().close();
  });
}

test('the moderator sees what the check found and an opaque author key, the same on both reviews, never the author', async ({
  browser,
  stack,
}) => {
  expect(held).toHaveLength(2);
  const page = await pageIn(browser, stack.url, moderator, 'fr');
  await page.goto('/moderation');
  await page.locator(`[data-testid="queue-item"][data-id="${held[0]}"]`).click();
  const detail = page.getByTestId('queue-detail');
  await expect(detail).toHaveAttribute('data-review', String(held[0]));
  await expect(detail.getByTestId('identifying-found')).toContainText('une classe « 4eme B »');
  await expect(detail.getByTestId('identifying-found')).toContainText('un lien de famille « ma fille »');
  const key = await detail.getByTestId('author-key').textContent();
  expect(key).toMatch(/Clé d’auteur [A-Za-z0-9_-]{16} · aussi sur 1 autre avis de cet enseignant dans la file/);
  await expect(detail).not.toContainText(author.email);
  await expect(detail).not.toContainText(/Quatrième|Troisième/);
  await shoot(page, 'fr-moderation-held');
  await page.context().close();
});

test('logging out with the network cut leaves nothing of the user: reload, and nothing of theirs shows', async ({ browser, stack }) => {
  const user = await createUser(stack, 'shared-computer');
  await publishSampleReview(stack, user);
  const context = await browser.newContext({ baseURL: stack.url, locale: 'en-GB' });
  const page = await signIn(context, stack.url, user, 'en');
  // The author's own list, a page kept for offline reading, and a review started and left as a draft.
  // Each page is left once its code has run and its requests are done (a renewal left on its way is
  // session-renewal.e2e.ts's subject).
  await page.goto('/me/reviews');
  await expect(page.getByTestId('my-review')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await page.goto('/communaute');
  await expect(page.getByTestId('category-recent').getByTestId('review-card').first()).toBeVisible();
  await takenOver(page);
  await page.waitForLoadState('networkidle');
  await page.goto('/publication');
  await takenOver(page);
  await page.getByTestId('comment').fill('A draft only its author should ever see');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pupitre:review-draft'))).not.toBeNull();
  // Issue #38: signed in, with the service worker's caches and the offline copies filled, no token is
  // anywhere a script can read it (storage, IndexedDB, caches, document.cookie).
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);
  expect(await tokensReadableByScripts(page)).toEqual([]);

  // The school's network goes down; the author logs out all the same.
  await context.setOffline(true);
  await page.getByTestId('account-button').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\?form=login$/);
  // The next person opens the site, still offline: the service worker serves the page.
  await page.goto('/');
  await expect(page.getByTestId('home-cta')).toBeVisible();
  const traces = await page.evaluate(async () => ({
    // The language is the device's; `logout-pending` a flag (not theirs): the server is told once online.
    local: Object.keys(localStorage).filter((k) => k !== 'lang' && k !== 'logout-pending'),
    session: Object.keys(sessionStorage),
    copies: (await caches.keys()).filter((name) => /copies/.test(name)),
    text: document.body.innerText,
  }));
  expect({ ...traces, text: traces.text.includes(user.email) }).toEqual({ local: [], session: [], copies: [], text: false });
  // Their pages: a member page sends to sign in, the form is empty.
  await page.goto('/me/reviews');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId('my-review')).toHaveCount(0);
  await page.goto('/publication');
  await expect(page.getByTestId('comment')).toHaveValue('');
  // Back online: the next page tells the server, which ends the session and clears its cookie.
  await context.setOffline(false);
  await page.goto('/');
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'pupitre_refresh')).toBe(false);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('logout-pending'))).toBeNull();
  await context.close();
});
