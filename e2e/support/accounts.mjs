// Accounts made through the real auth API, as a visitor would: sign-up, the activation link read
// from the mail catcher (maildev's REST API), activation, login. Used by the end-to-end journeys
// (./users.ts) and by `npm run bench:web` (bench/web/quality.mjs audits the members' pages).
import { REVIEW_GRADE_KEYS } from '../../libs/contracts/src/review-rules.ts';

/**
 * A JSON call through the edge (`token`: a bearer access token).
 * @returns {Promise<{ status: number, body: unknown }>}
 */
export async function callApi(base, method, urlPath, body, token) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/**
 * The activation path (`/activate/{uid}/{token}/`) of the newest mail to `email`, waited for.
 * @returns {Promise<{ uid: string, token: string }>}
 */
export async function activationLink(mailUrl, email, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 500)) {
    const mails = await (await fetch(`${mailUrl}/email`)).json();
    let found = null;
    for (const mail of mails) {
      if (!mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase())) continue;
      const match = `${mail.text ?? ''}\n${mail.html ?? ''}`.match(/\/activate\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)\/?/);
      if (match) found = { uid: match[1], token: match[2] };
    }
    if (found) return found;
    if (Date.now() > until) throw new Error(`no activation mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

let counter = 0;

/**
 * A new, activated, logged-in user (sign-up → mail → activation → login).
 * @param {{ url: string, mail: { webUrl: string } }} stack
 * @returns {Promise<{ email: string, password: string, access: string, refresh: string }>}
 */
export async function createActivatedUser(stack, name = 'user') {
  counter += 1;
  const email = `e2e.${name}.${Date.now()}.${counter}@example.org`;
  const password = 'Pupitre-e2e-2025!';
  const expectStatus = (step, res, status) => {
    if (res.status !== status) throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)} (expected ${status})`);
  };
  expectStatus(
    'sign-up',
    await callApi(stack.url, 'POST', '/auth/manage/users/', { email, password, re_password: password, lang: 'en' }),
    201,
  );
  const { uid, token } = await activationLink(stack.mail.webUrl, email);
  expectStatus('activation', await callApi(stack.url, 'POST', '/auth/manage/users/activation/', { uid, token }), 204);
  const login = await callApi(stack.url, 'POST', '/auth/token/', { email, password });
  expectStatus('login', login, 200);
  return { email, password, access: login.body.access, refresh: login.body.refresh };
}

/**
 * `user` publishes a full review of teacher 3 (demo data) and marks teacher 1's first review a
 * favourite, so that their own pages (my reviews, favourites, the edit page) have content.
 * @returns {Promise<number>} the review's id
 */
export async function publishSampleReview(stack, user) {
  const teacher = (await callApi(stack.url, 'GET', '/api/teacher/3')).body;
  const created = await callApi(
    stack.url,
    'POST',
    '/api/rating/0',
    {
      teacher: 3,
      subject: teacher.subjects[0].id,
      year: 2,
      tot_rating: 7,
      ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k, i) => [k, (i % 6) * 2])),
      ponctuel: true,
      aide: false,
      greves: false,
      punitions: true,
      text_rating: 'Clear and fair',
    },
    user.access,
  );
  if (created.status !== 201) throw new Error(`review: ${created.status} ${JSON.stringify(created.body)}`);
  // A favourite too: the first review of the community's lists (ids are opaque, none to guess).
  const community = (await callApi(stack.url, 'GET', '/api/rating/community')).body;
  const first = community.find((block) => Array.isArray(block.reviews) && block.reviews.length)?.reviews[0];
  if (!first) throw new Error('no public review to favour');
  const favourite = await callApi(stack.url, 'POST', `/api/rating/${first.id}/favorite`, { value: true }, user.access);
  if (favourite.status !== 200) throw new Error(`favourite: ${favourite.status} ${JSON.stringify(favourite.body)}`);
  return created.body.id;
}
