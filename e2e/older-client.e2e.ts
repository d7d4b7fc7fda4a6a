import { checkResponse } from '../libs/contracts/src/endpoints';
import { test, expect } from './support/fixtures';
import { findMailLink } from './support/pages';

// An older client, built on the product spec's published API (the single-page app the spec was
// written from), makes its calls over HTTP against the real stack, through the edge, and reads
// the answers as it does: sign-up with the browser's language, activation from the mailed link,
// login, teacher search from the first keystroke, publication with the spec's first reading of the
// grades and ids as strings, community and teacher reviews with `subject` rendered as text, vote,
// favourite, report, its three profile pages, logout and password reset. Every answer is also
// checked against the contract (libs/contracts/src/endpoints.ts).

test.describe.configure({ mode: 'serial' });

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the older client reads answers untyped, as JavaScript does
}

/** The older client's request helper: JSON in and out, the bearer token when it holds one. */
function olderClient(base: string) {
  const session: { email?: string; access?: string; refresh?: string } = {};
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(session.access ? { Authorization: `Bearer ${session.access}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : null;
    checkResponse(method, path, res.status, parsed ?? undefined, text);
    return { status: res.status, body: parsed };
  }
  return { session, call };
}

/** How the older client draws a review card: stars from tot_rating / 2, the subject as text. */
const renderCard = (r: Answer['body']) =>
  `${'★'.repeat(Math.floor(r.tot_rating / 2))} ${r.teacher.prefix} ${r.teacher.name} · ${r.subject} — ${r.text_rating} (${r.relatable} % of ${r.relatable_count})`;

const PASSWORD = 'Older-client-2025';
const NEW_PASSWORD = 'Older-client-2026!';
const COMMENT = 'Explains well and marks fairly';

test('an older client built on the published API works unchanged', async ({ stack }) => {
  test.setTimeout(120_000);
  const client = olderClient(stack.url);
  const email = `older.client.${Date.now()}@example.org`;

  // Sign-up from a browser in German: accepted, the e-mails in French (the fallback).
  const signup = await client.call('POST', '/auth/manage/users/', { email, password: PASSWORD, re_password: PASSWORD, lang: 'de' });
  expect(signup.status).toBe(201);
  expect(typeof signup.body.email).toBe('string'); // "email string = success"
  const activation = await findMailLink(stack.mail.webUrl, email, /\/activate\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)\/?/);
  const [, uid, token] = activation.match(/\/activate\/([^/]+)\/([^/]+)/)!;
  expect((await client.call('POST', '/auth/manage/users/activation/', { uid, token })).status).toBe(204);

  const login = await client.call('POST', '/auth/token/', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  Object.assign(client.session, { email, access: login.body.access, refresh: login.body.refresh });
  expect((await client.call('GET', '/auth/manage/users/me/')).body.email).toBe(email);

  // Search from the first keystroke: one character answers an empty list, then results come.
  const first = await client.call('GET', '/api/teachers?query=B');
  expect(first).toEqual({ status: 200, body: [] });
  const ranking = await client.call('GET', '/api/teachers/ranking');
  const known = ranking.body[0];
  const search = await client.call('GET', `/api/teachers?query=${encodeURIComponent(known.name.slice(0, 3))}`);
  const teacher = search.body.find((t: { id: number }) => t.id === known.id);
  expect(teacher.subjects[0].name).toEqual(expect.any(String));

  // Publication with the spec's first reading (7 grades, justice and distraction yes/no) and string ids.
  const payload = {
    teacher: String(teacher.id),
    subject: String(teacher.subjects[0].id),
    year: '3',
    tot_rating: 8,
    clarte: 8,
    interaction_soutien: 6,
    gestion_temps: 8,
    gestion_colere: 10,
    amabilite: 8,
    charge_travail: 4,
    difficulte: 6,
    justice: true,
    distraction: false,
    ponctuel: true,
    aide: true,
    greves: false,
    punitions: false,
    text_rating: COMMENT,
  };
  const created = await client.call('POST', '/api/rating/0', payload);
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ message: expect.any(String), id: expect.any(Number) });
  const reviewId = created.body.id;
  const stored = await client.call('GET', `/api/rating/${reviewId}`);
  expect(stored.body.grades).toMatchObject({ justice: true, distraction: false, clarte: 8 });
  expect(stored.body.grades).not.toHaveProperty('methodes');

  // Public after the validation delay: the teacher's reviews and the community, subject as text.
  let cards: string[] = [];
  await expect
    .poll(
      async () => {
        const reviews = await client.call('GET', `/api/teacher/${teacher.id}/reviews`);
        const blocks = reviews.body.slice(0, -1);
        cards = blocks.flatMap((b: { reviews: unknown[] }) => b.reviews.filter((r: any) => r.id === reviewId).map(renderCard)); // eslint-disable-line @typescript-eslint/no-explicit-any
        return cards.length > 0;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  expect(cards[0]).toContain(`· ${teacher.subjects[0].name} — ${COMMENT}`);
  expect(cards[0]).not.toContain('[object Object]');
  const community = await client.call('GET', '/api/rating/community');
  const states = community.body.at(-1);
  const shown = community.body.slice(0, -1).flatMap((b: { reviews: unknown[] }) => b.reviews);
  for (const r of shown) expect(renderCard(r)).not.toContain('[object Object]');
  expect(states[String(reviewId)]).toEqual([null, false]);
  const other = shown.find((r: { id: number }) => r.id !== reviewId);

  // Vote, favourite and report another review; its state comes back in the community's last element.
  expect((await client.call('POST', `/api/relatable/${other.id}`, { value: true })).body.vote).toBe(true);
  expect((await client.call('POST', `/api/rating/${other.id}/favorite`, { value: true })).body).toEqual({ value: true });
  expect((await client.call('POST', `/api/rating/${other.id}/report`, { content: 'Not about the teaching' })).status).toBe(201);
  const after = await client.call('GET', '/api/rating/community');
  expect(after.body.at(-1)[String(other.id)]).toEqual([true, true]);

  // Its three profile pages.
  const me = await client.call('GET', '/auth/me');
  expect(me.body).toEqual({ num: 1, average: 8, popularity: 0, since: expect.any(String) });
  const favorites = await client.call('GET', '/auth/me/favorites');
  expect(favorites.body.map((r: { id: number }) => r.id)).toEqual([other.id]);
  const mine = await client.call('GET', '/auth/me/reviews');
  expect(mine.body.map((r: { id: number; status: string; subject: string }) => [r.id, r.status, r.subject])).toEqual([
    [reviewId, 'published', teacher.subjects[0].name],
  ]);

  // Logout ("read only for an error field"), then password reset from the mailed link.
  const logout = await client.call('POST', '/auth/logout', { refresh: client.session.refresh });
  expect(logout.body?.error).toBeUndefined();
  Object.assign(client.session, { access: undefined, refresh: undefined });
  const reset = await client.call('POST', '/auth/manage/users/reset_password/', { email });
  expect(reset.status).toBe(204); // "success when no detail and no email in answer"
  const link = await findMailLink(stack.mail.webUrl, email, /\/password\/reset\/confirm\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)\/?/);
  const [, resetUid, resetToken] = link.match(/\/confirm\/([^/]+)\/([^/]+)/)!;
  const confirm = await client.call('POST', '/auth/manage/users/reset_password_confirm/', {
    uid: resetUid,
    token: resetToken,
    new_password: NEW_PASSWORD,
    re_new_password: NEW_PASSWORD,
  });
  expect(confirm.status).toBe(204);
  expect((await client.call('POST', '/auth/token/', { email, password: PASSWORD })).status).toBe(401);
  expect((await client.call('POST', '/auth/token/', { email, password: NEW_PASSWORD })).status).toBe(200);
});
