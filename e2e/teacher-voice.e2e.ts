import type { Locator } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { findMailLink } from './support/pages';
import { apiAs, auditPage, createUser, grantModerator, pageFor, type TestUser } from './support/users';

// Issue #18, the teachers' voice in Chromium against the real services:
//   1. a moderator invites a teacher from the console (/moderation, teachers tab) → the e-mail's
//      link (valid 7 days) links the teacher's account to their page → the teacher replies to a
//      review (/reponses) → the reply is public under the review once the automatic checks ran;
//   2. a threatening reply waits for a moderator, who removes it for a reason of the list and words
//      of their own → the teacher reads both on /reponses;
//   3. the teacher objects to being listed (/me/teacher) → a moderator accepts in the console →
//      the teacher is gone from the community, search, ranking, teacher page and the API.
// Axe clean, phone and desktop screenshots. The teacher is one no other journey reads.

test.describe.configure({ mode: 'serial' });

const REPLY = 'Thank you: the homework load drops in the second term.';
const REASONS = 'I left the school last year and do not wish to be rated here any more.';
const THREAT = 'I will kill you';
const WORDS = 'A threat, even in jest, has no place here.';
let moderator: TestUser;
let teacherUser: TestUser;
let author: TestUser;
let secondAuthor: TestUser;
let teacher: { id: number; name: string; subjects: { id: number }[] };
let reviewId: number;
let secondReviewId: number;

/** The status of the teacher's reply under a review of /reponses, read again from the server (a reload). */
async function replyStatus(item: Locator): Promise<string | null> {
  await item.page().reload();
  return item.getByTestId('own-reply').getAttribute('data-status');
}

test.beforeAll(async ({ stack }) => {
  [moderator, teacherUser, author, secondAuthor] = await Promise.all([
    createUser(stack, 'tv-moderator'),
    createUser(stack, 'tv-teacher'),
    createUser(stack, 'tv-author'),
    createUser(stack, 'tv-author-2'),
  ]);
  await grantModerator(stack, moderator); // the admin CLI grants the role

  // The last teacher of the ranking (never 1–3, which the other journeys read).
  const ranking = (await apiAs(stack, null).get('/api/teachers/ranking')).body as { id: number }[];
  const chosen = [...ranking].reverse().find((row) => row.id > 3)!;
  teacher = (await apiAs(stack, null).get(`/api/teacher/${chosen.id}`)).body as typeof teacher;
  const review = (text: string) => ({
    teacher: teacher.id,
    subject: teacher.subjects[0].id,
    year: 3,
    tot_rating: 5,
    clarte: 5,
    interaction_soutien: 5,
    gestion_temps: 5,
    gestion_colere: 5,
    amabilite: 5,
    charge_travail: 2,
    difficulte: 4,
    justice: true,
    distraction: false,
    ponctuel: true,
    aide: true,
    greves: false,
    punitions: false,
    text_rating: text,
  });
  const published = async (user: TestUser, text: string) => {
    const created = await apiAs(stack, user).post('/api/rating/0', review(text));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;
    await expect
      .poll(async () => (await apiAs(stack, user).get(`/api/rating/${id}`)).body, { timeout: 30_000 })
      .toMatchObject({ status: 'published' });
    return id;
  };
  [reviewId, secondReviewId] = await Promise.all([
    published(author, 'Far too much homework in the first term'),
    published(secondAuthor, 'Marks come back late'),
  ]);
});

test('a moderator invites the teacher; the e-mail link links their account; their reply is public after the checks', async ({
  browser,
  stack,
}) => {
  const console_ = await pageFor(browser, stack.url, moderator);
  await console_.goto('/moderation');
  await console_.getByTestId('tab-teachers').click();
  const form = console_.getByTestId('invite-teacher');
  await form.getByLabel('Teacher number').fill(String(teacher.id));
  await form.getByLabel('e-mail address').fill(teacherUser.email);
  await form.getByTestId('send-invitation').click();
  await expect(console_.getByTestId('teachers-notice')).toContainText('Invitation sent');
  await auditPage(console_, 'teacher-voice-console');

  const link = await findMailLink(stack.mail.webUrl, teacherUser.email, /\/me\/teacher-invitation\/[A-Za-z0-9_.-]+/);
  const page = await pageFor(browser, stack.url, teacherUser);
  await page.goto(link);
  await page.getByTestId('accept-invitation').click();
  await expect(page).toHaveURL(/\/me\/teacher$/);
  await expect(page.getByTestId('teacher-space-name')).toContainText(teacher.name);
  await expect(page.getByTestId('teacher-listed')).toContainText('are public');
  await auditPage(page, 'teacher-voice-space');

  await page.goto('/reponses');
  const item = page.locator(`[data-testid="teacher-review"][data-review-id="${reviewId}"]`);
  await item.getByLabel('Your public reply').fill(REPLY);
  await item.getByTestId('send-reply').click();
  await expect(item.getByTestId('own-reply')).toHaveAttribute('data-status', 'pending');
  await auditPage(page, 'teacher-voice-replies');
  // The same checks as a review (2 s in the test stack), then public.
  await expect.poll(() => replyStatus(item), { timeout: 30_000, intervals: [1000] }).toBe('published');

  const reader = await pageFor(browser, stack.url, null);
  await reader.goto(`/teacher/${teacher.id}`);
  const card = reader.locator(`[data-review-id="${reviewId}"]`).first();
  await expect(card.getByTestId('teacher-reply')).toContainText(REPLY);
  await auditPage(reader, 'teacher-voice-public-reply');
  // The public answer carries the reply and nobody's account.
  const reviews = JSON.stringify((await apiAs(stack, null).get(`/api/teacher/${teacher.id}/reviews`)).body);
  expect(reviews).toContain(REPLY);
  expect(reviews).not.toContain(teacherUser.email);
  await Promise.all([console_.context().close(), page.context().close(), reader.context().close()]);
});

test('a threatening reply waits for a moderator, who removes it for a reason and words the teacher reads', async ({ browser, stack }) => {
  // A fresh token carries the link made in the previous journey.
  const login = await apiAs(stack, null).post('/auth/token/', { email: teacherUser.email, password: teacherUser.password });
  Object.assign(teacherUser, login.body as { access: string; refresh: string });
  const page = await pageFor(browser, stack.url, teacherUser);
  await page.goto('/reponses');
  const item = page.locator(`[data-testid="teacher-review"][data-review-id="${secondReviewId}"]`);
  await item.getByLabel('Your public reply').fill(THREAT);
  await item.getByTestId('send-reply').click();
  await expect.poll(() => replyStatus(item), { timeout: 30_000, intervals: [1000] }).toBe('held');

  const console_ = await pageFor(browser, stack.url, moderator);
  await console_.goto('/moderation');
  await console_.getByTestId('tab-teachers').click();
  const held = console_.locator(`[data-testid="held-reply"][data-review="${secondReviewId}"]`);
  await expect(held).toContainText(THREAT);
  await expect(held.getByTestId('reply-why')).toContainText('threat');
  await expect(held.getByTestId('reply-reject-reason')).toHaveValue('threat'); // the check that fired
  await held.getByTestId('reply-reject-reason').selectOption('other');
  await held.getByTestId('reject-reply').click();
  await expect(held.getByTestId('reply-decision-error')).toContainText('in your own words');
  await auditPage(console_, 'teacher-voice-held-reply');
  await held.getByTestId('reply-decision-text').fill(WORDS);
  await held.getByTestId('reject-reply').click();
  await expect(console_.getByTestId('teachers-notice')).toContainText('Reply removed.');
  await expect(held).toHaveCount(0);

  await expect
    .poll(
      async () => {
        await page.reload();
        return item
          .getByTestId('reply-removed')
          .textContent({ timeout: 2000 })
          .catch(() => '');
      },
      { timeout: 15_000, intervals: [500] },
    )
    .toContain(`Reason: another reason. The moderator’s words: “${WORDS}”`);
  await auditPage(page, 'teacher-voice-removed-reply');
  await Promise.all([page.context().close(), console_.context().close()]);
});

test('the teacher objects to being listed; a moderator accepts; the teacher is gone from every public page and answer', async ({
  browser,
  stack,
}) => {
  // A fresh token carries the link made in the previous journey.
  const login = await apiAs(stack, null).post('/auth/token/', { email: teacherUser.email, password: teacherUser.password });
  Object.assign(teacherUser, login.body as { access: string; refresh: string });
  const page = await pageFor(browser, stack.url, teacherUser);
  await page.goto('/me/teacher');
  await page.getByLabel('Your reasons').fill(REASONS);
  await page.getByTestId('send-objection').click();
  await expect(page.getByTestId('objection-state')).toBeVisible();

  const console_ = await pageFor(browser, stack.url, moderator);
  await console_.goto('/moderation');
  await console_.getByTestId('tab-teachers').click();
  const objection = console_.locator(`[data-testid="objection"][data-teacher="${teacher.id}"]`);
  await expect(objection).toContainText(REASONS);
  await auditPage(console_, 'teacher-voice-objection');
  await objection.getByTestId('accept-objection').click();
  await expect(console_.getByTestId('teachers-notice')).toContainText('Objection accepted');

  // The API: teacher page and reviews 404, out of the ranking, search and community lists.
  const api = apiAs(stack, null);
  await expect.poll(async () => (await api.get(`/api/teacher/${teacher.id}`)).status, { timeout: 15_000 }).toBe(404);
  expect((await api.get(`/api/teacher/${teacher.id}/reviews`)).status).toBe(404);
  const ranking = (await api.get('/api/teachers/ranking')).body as { id: number }[];
  expect(ranking.map((row) => row.id)).not.toContain(teacher.id);
  const search = (await api.get(`/api/teachers?query=${encodeURIComponent(teacher.name.slice(0, 4))}`)).body as { id: number }[];
  expect(search.map((row) => row.id)).not.toContain(teacher.id);
  expect(JSON.stringify((await api.get('/api/rating/community')).body)).not.toContain(`"id":${reviewId},`);

  // The pages.
  const reader = await pageFor(browser, stack.url, null);
  await reader.goto('/ranking');
  await expect(reader.getByTestId('ranking-list')).toBeVisible();
  await expect(reader.locator(`a[href="/teacher/${teacher.id}"]`)).toHaveCount(0);
  await reader.goto('/communaute');
  await expect(reader.getByTestId('categories')).toBeVisible();
  await expect(reader.locator(`[data-review-id="${reviewId}"]`)).toHaveCount(0);
  await reader.getByRole('searchbox').fill(teacher.name.slice(0, 4));
  await expect(reader.getByTestId('teacher-search')).toHaveAttribute('data-state', 'done'); // the search answered
  await expect(reader.locator(`a[href="/teacher/${teacher.id}"]`)).toHaveCount(0);
  await reader.goto(`/teacher/${teacher.id}`);
  await expect(reader.locator(`[data-review-id="${reviewId}"]`)).toHaveCount(0);
  await expect(reader.getByTestId('teacher-name')).toHaveCount(0);
  await auditPage(reader, 'teacher-voice-delisted-page');

  await page.reload();
  await expect(page.getByTestId('teacher-listed')).toContainText('no longer shown');
  await Promise.all([page.context().close(), console_.context().close(), reader.context().close()]);
});
