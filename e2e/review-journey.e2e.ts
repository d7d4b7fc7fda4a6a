import { takenOver } from './support/takeover';
import { test, expect } from './support/fixtures';
import { apiAs, auditPage, createUser, expectNoSeriousA11yViolation, signIn, type TestUser } from './support/users';
import type { Browser, Page } from '@playwright/test';

// The whole life of a review in Chromium, through the edge, against the real services (rating
// worker with a 2 s validation delay): publish → thank-you page → pending in /me/reviews → public
// in /communaute and on /teacher/:id → a second user votes it relatable, favourites it and reports
// it → the author edits it → the teacher enters the ranking once he has 3 published reviews.

test.describe.configure({ mode: 'serial' });

const TEACHER = 'Faure'; // a demo teacher without any review (SES)
const COMMENT = 'Clear lessons and fair marks';
let author: TestUser;
let reader: TestUser;
let teacherId: number;
let reviewId: number;

async function newSignedInPage(browser: Browser, baseURL: string, user: TestUser | null): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  return signIn(context, baseURL, user);
}

test.beforeAll(async ({ stack }) => {
  [author, reader] = await Promise.all([createUser(stack, 'author'), createUser(stack, 'reader')]);
  const found = await apiAs(stack, null).get(`/api/teachers?query=${TEACHER}`);
  const teacher = (found.body as { id: number; name: string }[]).find((t) => t.name === TEACHER);
  expect(teacher, 'the demo teacher').toBeTruthy();
  teacherId = teacher!.id;
});

test('publish a review: search and lock the teacher, fill the form, thank-you page, pending', async ({ browser, stack }) => {
  const page = await newSignedInPage(browser, stack.url, author);
  await page.goto('/publication');
  await expect(page.getByTestId('review-form')).toBeVisible();
  await expect(page.getByTestId('subject-list').locator('li').first()).toBeVisible();
  await auditPage(page, 'publication');

  // Teacher search (2+ characters, debounced), then the input locks with a clear button.
  await page.getByRole('searchbox', { name: 'Teacher' }).fill(TEACHER);
  await page
    .getByTestId('teacher-results')
    .getByRole('button', { name: new RegExp(TEACHER) })
    .click();
  await expect(page.getByRole('searchbox', { name: 'Teacher' })).toHaveValue(`M. ${TEACHER}`);
  await expect(page.getByRole('searchbox', { name: 'Teacher' })).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('subject-select')).toHaveValue(/\d+/); // his only subject, preselected
  await expect(page.getByTestId('subject-select').locator('option:checked')).toHaveText('SES');

  // Sending with a missing year names the error; then the whole form.
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('form-error')).toHaveAttribute('data-key', 'wrong-year');
  await page.getByTestId('year-select').selectOption({ label: 'Year 13 (Terminale)' });
  for (const fieldset of await page.locator('[data-testid^="grade-"]').all()) await fieldset.locator('label').nth(4).click();
  await page.getByTestId('flag-ponctuel').getByText('Yes').click();
  await page.getByTestId('overall').focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('overall-value')).toHaveText('4 out of 5 stars: 8/10');
  await page.getByTestId('comment').fill(`${COMMENT} é`);
  await expect(page.getByTestId('comment-check')).toContainText('Not allowed: é');
  await page.getByTestId('comment').fill(COMMENT);
  await auditPage(page, 'publication-filled');

  const created = page.waitForResponse((r) => r.url().endsWith('/api/rating/0') && r.request().method() === 'POST');
  await page.getByTestId('submit').click();
  const response = await created;
  expect(response.status()).toBe(201);
  reviewId = ((await response.json()) as { id: number }).id;
  // Right after publication the review is pending (the worker publishes it 2 s later).
  const mine = await apiAs(stack, author).get('/auth/me/reviews');
  expect((mine.body as { id: number; status: string }[]).find((r) => r.id === reviewId)?.status).toBe('pending');
  expect(response.request().postDataJSON()).toMatchObject({
    teacher: teacherId,
    year: 0,
    tot_rating: 8,
    clarte: 8,
    ponctuel: true,
    text_rating: COMMENT,
  });

  await expect(page).toHaveURL(new RegExp(`/publication/complete\\?id=${reviewId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your review!');
  // When it will be public: the next release after its validation, never its write time + 10 minutes.
  await expect(page.getByTestId('validation-note')).toContainText(/Validated in 10 minutes, public at the next release \(.+\)/);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Publish another review' })).toBeVisible();
  await expect(page.getByTestId('share')).toBeVisible();
  await auditPage(page, 'publication-complete');

  // Two more reviews (other years) by the same author, so the teacher reaches the ranking's 3.
  const base = response.request().postDataJSON() as Record<string, unknown>;
  for (const year of [1, 2]) expect((await apiAs(stack, author).post('/api/rating/0', { ...base, year })).status).toBe(201);

  // /me/reviews (the account micro-frontend) lists it with its status and an edit link.
  await page.goto('/me/reviews');
  const item = page.getByTestId('my-review').filter({ has: page.locator(`a[href="/review/${reviewId}/edit"]`) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('review-status')).toHaveAttribute('data-status', /pending|published/);
  await page.context().close();
});

test('after the validation delay and the next release the review is public on /teacher/:id and in /communaute', async ({
  browser,
  stack,
}) => {
  const page = await newSignedInPage(browser, stack.url, null);
  // Public at the next release: on its teacher's page (within a month, the community's lists are in no order of time, so
  // a review of this month is somewhere among this month's).
  await expect(async () => {
    await page.goto(`/teacher/${teacherId}`);
    await expect(page.getByTestId('teacher-reviews').locator(`[data-review-id="${reviewId}"]`).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const card = page.getByTestId('teacher-reviews').locator(`[data-review-id="${reviewId}"]`).first();
  await expect(card).toContainText(COMMENT);
  await expect(card).toHaveAttribute('aria-label', `Review of M. ${TEACHER}`); // on his page, the card names him to screen readers
  await expect(card.getByRole('img', { name: '8 out of 10' })).toBeVisible();
  // Dated to the month, without the class year (Terminale): neither narrows its author down.
  await expect(card.getByTestId('review-date')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  await expect(card).not.toContainText(/Terminale|Year 13|today|yesterday|ago/);
  await page.goto('/communaute');
  await expect(page.getByTestId('category-recent').getByTestId('review-card').first()).toBeVisible();
  await expect(page.getByTestId('carousel-pause')).toHaveCount(0); // reduced motion: no auto-scroll at all
  await auditPage(page, 'communaute');

  // The search box leads to the same teacher, his details and reviews, and the publish link.
  await page.getByRole('searchbox', { name: 'Find a teacher' }).fill(TEACHER);
  await page
    .getByTestId('teacher-results')
    .getByRole('button', { name: new RegExp(TEACHER) })
    .click();
  const chosen = page.getByTestId('chosen-teacher');
  await expect(chosen.getByTestId('teacher-name')).toHaveText(`M. ${TEACHER}`);
  await expect(chosen.getByTestId('publish-link')).toHaveAttribute('href', `/publication?teacher=${teacherId}`);
  await expect(chosen.locator(`[data-review-id="${reviewId}"]`)).toBeVisible();

  await page.goto(`/teacher/${teacherId}`);
  await expect(page.getByTestId('teacher-name')).toHaveText(`M. ${TEACHER}`);
  await expect(page.getByTestId('teacher-subjects')).toContainText('SES');
  await expect(page.getByTestId('teacher-reviews').locator(`[data-review-id="${reviewId}"]`)).toBeVisible();
  await auditPage(page, 'teacher');
  await page.context().close();
});

test('a second user votes it relatable, favourites it and reports it', async ({ browser, stack }) => {
  const page = await newSignedInPage(browser, stack.url, reader);
  await page.goto(`/teacher/${teacherId}`);
  const card = page.getByTestId('teacher-reviews').locator(`[data-review-id="${reviewId}"]`);
  await expect(card).toBeVisible();
  await takenOver(page); // the server's page: its buttons act once its code is in
  await expect(card.getByTestId('relatable-count')).toHaveText('No votes yet');

  await card.getByTestId('vote-like').click();
  await expect(card.getByTestId('vote-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('relatable-percent')).toHaveText('100% find it relatable');
  await expect(card.getByTestId('relatable-count')).toHaveText('1 vote');

  await card.getByTestId('favourite').click();
  await expect(card.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('favourite')).toBeEnabled();

  await card.getByTestId('report-open').click();
  const dialog = page.getByRole('dialog', { name: 'Report a review' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolation(page, 'report-dialog');
  await dialog.getByRole('textbox').fill('This review names a student.');
  const reported = page.waitForResponse((r) => r.url().endsWith(`/api/rating/${reviewId}/report`));
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  expect((await reported).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('report-status')).toHaveText('Thank you, the review has been reported.');

  // The state is the server's: after a reload the vote and the favourite are still there.
  await page.reload();
  await expect(card.getByTestId('vote-like')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');

  // It appears in the reader's favourites (the account micro-frontend).
  await page.goto('/me/favorites');
  await expect(
    page
      .getByTestId('favorites-list')
      .getByTestId('favorite')
      .filter({ hasText: `M. ${TEACHER}` }),
  ).toBeVisible();
  const favourites = await apiAs(stack, reader).get('/auth/me/favorites');
  expect((favourites.body as { id: number }[]).map((r) => r.id)).toContain(reviewId);
  await page.context().close();
});

test('the author edits it: unchanged values are refused, a change is saved and validated again', async ({ browser, stack }) => {
  const page = await newSignedInPage(browser, stack.url, author);
  await page.goto(`/review/${reviewId}/edit`);
  await expect(page.getByTestId('teacher-fixed')).toHaveText(`M. ${TEACHER}`);
  await expect(page.getByTestId('comment')).toHaveValue(COMMENT);
  await expect(page.getByTestId('overall')).toHaveValue('4');
  await expect(page.getByTestId('revalidation-note')).toContainText('validated again');
  await auditPage(page, 'review-edit');

  await page.getByTestId('submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Values have not been changed.');

  await page.getByTestId('comment').fill(`${COMMENT}, and kind`);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/rating/${reviewId}`) && r.request().method() === 'PUT');
  await page.getByTestId('submit').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('edit-saved')).toContainText('Review saved');

  // Validated again, then public in its new version.
  await expect
    .poll(
      async () => {
        const reviews = (await apiAs(stack, null).get(`/api/teacher/${teacherId}/reviews?limit=50`)).body as (
          { reviews?: { id: number; text_rating: string }[] } | object
        )[];
        return reviews.flatMap((c) => ('reviews' in c && c.reviews ? c.reviews : [])).find((r) => r.id === reviewId)?.text_rating;
      },
      { timeout: 20_000 },
    )
    .toBe(`${COMMENT}, and kind`);
  await page.context().close();
});

test('the ranking lists the teacher once he has enough published reviews', async ({ browser, stack }) => {
  const page = await newSignedInPage(browser, stack.url, null);
  const statuses = async () => JSON.stringify((await apiAs(stack, author).get('/auth/me/reviews')).body);
  await expect
    .poll(async () => ((await apiAs(stack, null).get(`/api/teacher/${teacherId}`)).body as { reviews: number }).reviews, {
      timeout: 20_000,
      message: `author's reviews: ${await statuses()}`,
    })
    .toBeGreaterThanOrEqual(3);
  await expect(async () => {
    await page.goto('/ranking');
    await expect(page.getByTestId('ranking-list').locator(`[data-teacher-id="${teacherId}"]`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // His row: name, subject, the score the order follows (out of 10) and how many reviews.
  const row = page.getByTestId('ranking-list').locator(`[data-teacher-id="${teacherId}"]`);
  await expect(row).toContainText(`M. ${TEACHER}`);
  await expect(row).toContainText('SES');
  await expect(row.getByTestId('ranking-score')).toContainText(/\d+\.\d\/10/);
  await expect(row.getByTestId('ranking-score')).toContainText('3 reviews');
  await expect(page.getByTestId('ranking-how')).toBeVisible();
  await auditPage(page, 'ranking');
  await page.context().close();
});

test('signed out, voting sends the visitor to /auth', async ({ browser, stack }) => {
  const page = await newSignedInPage(browser, stack.url, null);
  await page.goto(`/teacher/${teacherId}`);
  await takenOver(page);
  const card = page.getByTestId('teacher-reviews').locator(`[data-review-id="${reviewId}"]`);
  await card.getByTestId('vote-like').click();
  await expect(page).toHaveURL(/\/auth$/);
  const after = (await apiAs(stack, null).get(`/api/teacher/${teacherId}/reviews?limit=50`)).body as (
    { reviews?: { id: number; relatable_count: number }[] } | object
  )[];
  expect(after.flatMap((c) => ('reviews' in c && c.reviews ? c.reviews : [])).find((r) => r.id === reviewId)?.relatable_count).toBe(1);
  await page.context().close();
});
