import { takenOver } from './support/takeover';
import { test, expect } from './support/fixtures';
import { apiAs, auditPage, createUser, grantModerator, pageFor, type TestUser } from './support/users';

// Issue #18, the moderation journey in Chromium against the real services: a reader reports a
// public review and asks to be told → an account made moderator by the admin CLI decides in the
// console (/moderation: the queue, the report's reason, no author identity; removal with a reason
// from the list and words of its own, by keyboard) → the reporter sees the outcome on /me/reports
// and gets the e-mail; the author sees the statement of reasons on /me/reviews; the decision is in
// the review's history and can be undone. Axe clean, phone and desktop screenshots.

test.describe.configure({ mode: 'serial' });

const WORDS = 'It speaks of the canteen, not of the lessons.';
let author: TestUser;
let reporter: TestUser;
let moderator: TestUser;
let reviewId: number;
let teacherId: number;

test.beforeAll(async ({ stack }) => {
  [author, reporter, moderator] = await Promise.all([
    createUser(stack, 'mod-author'),
    createUser(stack, 'mod-reporter'),
    createUser(stack, 'moderator'),
  ]);
  await grantModerator(stack, moderator); // the admin CLI grants the role

  const teachers = (await apiAs(stack, null).get('/api/teachers/ranking')).body as { id: number }[];
  const teacher = (await apiAs(stack, null).get(`/api/teacher/${teachers[0].id}`)).body as { id: number; subjects: { id: number }[] };
  const created = await apiAs(stack, author).post('/api/rating/0', {
    teacher: teacher.id,
    subject: teacher.subjects[0].id,
    year: 4,
    tot_rating: 6,
    clarte: 6,
    interaction_soutien: 6,
    gestion_temps: 6,
    gestion_colere: 6,
    amabilite: 6,
    charge_travail: 6,
    difficulte: 6,
    justice: true,
    distraction: false,
    ponctuel: true,
    aide: true,
    greves: false,
    punitions: false,
    text_rating: 'The canteen food is awful on Tuesdays',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  reviewId = (created.body as { id: number }).id;
  await expect
    .poll(async () => (await apiAs(stack, author).get(`/api/rating/${reviewId}`)).body, { timeout: 30_000 })
    .toMatchObject({ status: 'published' });
  teacherId = teacher.id;
});

test('a reader reports it from the teacher page and asks to be told the outcome by e-mail', async ({ browser, stack }) => {
  const page = await pageFor(browser, stack.url, reporter);
  await page.goto(`/teacher/${teacherId}`);
  const card = page.locator(`[data-review-id="${reviewId}"]`).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  // A server-rendered page: the reader's own state (signed in) fills in once its code has taken over.
  if (await page.locator('#pupitre-ssr').count()) await takenOver(page);
  await card.getByTestId('report-open').click();
  const dialog = page.getByTestId('report-dialog');
  await dialog.getByRole('textbox').fill('Not about the lessons at all');
  await dialog.getByTestId('report-notify').check();
  const reported = page.waitForResponse((r) => r.url().endsWith(`/api/rating/${reviewId}/report`));
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  const response = await reported;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ content: 'Not about the lessons at all', notify: true });
  await page.context().close();
});

test('a reader without the role is told the console is for moderators', async ({ browser, stack }) => {
  const page = await pageFor(browser, stack.url, reporter);
  await page.goto('/moderation');
  await expect(page.getByTestId('moderation-forbidden')).toContainText('This console is for moderators.');
  await page.context().close();
});

test('the moderator removes the reported review in the console, by keyboard, with a reason and words', async ({ browser, stack }) => {
  const page = await pageFor(browser, stack.url, moderator);
  await page.goto('/moderation');
  const item = page
    .getByTestId('queue-item')
    .filter({ has: page.locator(`[data-id="${reviewId}"]`) })
    .or(page.locator(`[data-testid="queue-item"][data-id="${reviewId}"]`));
  await expect(item).toBeVisible();
  await item.click();
  const detail = page.getByTestId('queue-detail');
  await expect(detail).toHaveAttribute('data-review', String(reviewId));
  await expect(detail.getByTestId('review-text')).toHaveText('The canteen food is awful on Tuesdays');
  await expect(detail.getByTestId('reports')).toContainText('Not about the lessons at all');
  await expect(detail.getByTestId('why')).toContainText('still public');
  // Never who wrote it, nor who reported it.
  await expect(page.locator('body')).not.toContainText(author.email);
  await expect(page.locator('body')).not.toContainText(reporter.email);
  await auditPage(page, 'moderation-queue');

  // r: the reason list; then the words; Enter in the select's form submits the removal.
  await page.keyboard.press('r');
  await expect(detail.getByTestId('reject-reason')).toBeFocused();
  await detail.getByTestId('reject-reason').selectOption('off-topic');
  await detail.getByTestId('decision-text').fill(WORDS);
  const rejected = page.waitForResponse((r) => r.url().endsWith(`/api/moderation/reviews/${reviewId}/reject`));
  await detail.getByTestId('reject').click();
  expect((await rejected).status()).toBe(200);
  await expect(page.getByTestId('moderation-notice')).toContainText(`Review no. ${reviewId} removed`);

  // The decision, with who and when, in the decided list (where it can be undone).
  await page.getByTestId('tab-decided').click();
  const decided = page.locator(`[data-testid="decided-item"][data-review="${reviewId}"]`);
  await expect(decided).toContainText('Removed');
  await expect(decided).toContainText('off topic');
  await expect(decided).toContainText(WORDS);
  await expect(decided.getByTestId('restore')).toBeVisible();
  await auditPage(page, 'moderation-decided');
  await page.context().close();
});

test('the reporter sees the outcome on /me/reports and got the e-mail; the author sees the statement of reasons', async ({
  browser,
  stack,
}) => {
  const reporterPage = await pageFor(browser, stack.url, reporter);
  await reporterPage.goto('/me/reports');
  const report = reporterPage.getByTestId('my-report').first();
  await expect(report).toHaveAttribute('data-outcome', 'removed');
  await expect(report.getByTestId('report-reason')).toBeVisible();
  await reporterPage.context().close();
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${stack.mail.webUrl}/email`)).json()) as {
          to: { address: string }[];
          subject: string;
          text?: string;
        }[];
        return (
          mails.find(
            (m) => m.to.some((t) => t.address.toLowerCase() === reporter.email.toLowerCase()) && m.subject.startsWith('Your report'),
          )?.text ?? ''
        );
      },
      { timeout: 20_000 },
    )
    .toContain(WORDS);

  const authorPage = await pageFor(browser, stack.url, author);
  await authorPage.goto('/me/reviews');
  const mine = authorPage.getByTestId('my-review').filter({ has: authorPage.locator(`a[href="/review/${reviewId}/edit"]`) });
  await expect(mine.getByTestId('review-status')).toHaveAttribute('data-status', 'rejected');
  await authorPage.context().close();
  expect((await apiAs(stack, author).get('/auth/me/reviews')).body).toEqual(
    expect.arrayContaining([expect.objectContaining({ id: reviewId, reason: 'off-topic', reason_text: WORDS })]),
  );
});

test('the moderator restores it; the history records both decisions', async ({ browser, stack }) => {
  const page = await pageFor(browser, stack.url, moderator);
  await page.goto('/moderation');
  await page.getByTestId('tab-decided').click();
  const decided = page.locator(`[data-testid="decided-item"][data-review="${reviewId}"]`).first();
  await decided.getByTestId('restore').click();
  await expect(page.getByTestId('moderation-notice')).toContainText(`Review no. ${reviewId} restored.`);
  await page.context().close();
  const history = (await apiAs(stack, moderator).get(`/api/moderation/reviews/${reviewId}/actions`)).body as { action: string }[];
  expect(history.map((a) => a.action)).toEqual(['reject', 'restore']);
});

test('the transparency page: public, in three languages, with the figures the worker computed', async ({ browser, stack }) => {
  const page = await pageFor(browser, stack.url, null);
  await page.goto('/transparence');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transparency');
  await expect(page.getByTestId('figures').locator('tbody tr')).toHaveCount(12);
  await expect(page.getByRole('heading', { name: 'How to report a review' })).toBeVisible();
  await auditPage(page, 'transparency');
  for (const [lang, title] of [
    ['fr', 'Transparence'],
    ['es', 'Transparencia'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/transparence');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('figures').locator('tbody tr')).toHaveCount(12);
  }
  await page.context().close();
});
