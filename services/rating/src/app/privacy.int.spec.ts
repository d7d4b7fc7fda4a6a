// The privacy suite (docs/threat-model.md): anonymity in a school of a few hundred pupils, checked
// from public answers alone. Every public endpoint, signed out and as another user (and a teacher's
// own space): no review object carries the class year, a date finer than the month, or anything of
// its author; a teacher's page breaks reviews down by class year only in groups of at least
// YEAR_GROUP_MIN_REVIEWS, over reviews written before this month. A comment that may identify
// someone is held for a moderator, the reason shown to its author, who still sees everything of
// their own review. Moderators see an opaque author key, never an account; and no moderation answer
// or log line written so far in the suite carries an author's account id or an e-mail next to a
// review id (the same audit runs again over the whole suite in the integration teardown).
import { DAY_DATE_PATTERN, MONTH_DATE_PATTERN, type ModerationQueueItem, type TeacherDetail } from '@pupitre/contracts';
import { auditPrivacy, request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../testing/rating-harness';

jest.setTimeout(120_000);

type Json = unknown;
const ISO_INSTANT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T/;
const ACCOUNT_FIELD = /^(author|author_?id|user|user_?id|account|account_?id|email|sub)$/i;

/** Every review object in an answer: an object with a rating and a comment. */
function reviewObjects(body: Json): Record<string, Json>[] {
  const found: Record<string, Json>[] = [];
  const visit = (v: Json) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, Json>;
      if ('tot_rating' in o && 'text_rating' in o) found.push(o);
      Object.values(o).forEach(visit);
    }
  };
  visit(body);
  return found;
}

/** What is wrong with a review object others read: a class year, a date finer than the month, an author's trace. */
function leaks(review: Record<string, Json>, authors: readonly string[]): string[] {
  const problems: string[] = [];
  const visit = (v: Json, key: string) => {
    if (key === 'year' || key === 'years') problems.push(`review ${String(review.id)}: carries "${key}"`);
    if (ACCOUNT_FIELD.test(key)) problems.push(`review ${String(review.id)}: carries "${key}"`);
    if (typeof v === 'string') {
      if (ISO_INSTANT.test(v) && !MONTH_DATE_PATTERN.test(v))
        problems.push(`review ${String(review.id)}: ${key} ${v} is finer than the month`);
      if (authors.some((a) => v.includes(a)) || v.includes('@')) problems.push(`review ${String(review.id)}: ${key} names its author`);
    } else if (Array.isArray(v)) v.forEach((x) => visit(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  for (const [k, v] of Object.entries(review)) visit(v, k);
  return problems;
}

describe('privacy: anonymity that holds in a small school', () => {
  let h: Harness;
  let url: string;
  let faure: { id: number; subjectIds: number[] };
  let dupont: { id: number; subjectIds: number[] };
  const subs = { a: 'privacy-author-a', b: 'privacy-author-b', reader: 'privacy-reader', moderator: 'privacy-moderator' };
  const ids: Record<string, number> = {};

  const post = async (sub: string, body: Record<string, unknown>) =>
    (
      await request(url)
        .post('/api/rating/0')
        .set(await h.auth(sub))
        .send(body)
        .expect(201)
    ).body.id as number;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
    url = h.api.url;
    const teachers = await teachersOf(h.conn);
    faure = teachers.find((t) => t.name === 'Faure')!; // a demo teacher without reviews
    dupont = teachers.find((t) => t.name === 'Dupont')!;
    // Author A: three comments that may identify someone (fr, es, en), and an ordinary one about another teacher.
    ids.aFr = await post(
      subs.a,
      reviewPayload(faure.id, faure.subjectIds[0], { year: 0, text_rating: 'Ma fille en 4eme B adore ce cours' }),
    );
    ids.aEs = await post(subs.a, reviewPayload(faure.id, faure.subjectIds[0], { year: 1, text_rating: 'Mi hijo dice que explica bien' }));
    ids.aEn = await post(
      subs.a,
      reviewPayload(faure.id, faure.subjectIds[0], { year: 2, text_rating: 'Last Friday he shouted at Oliver' }),
    );
    ids.aOther = await post(subs.a, reviewPayload(dupont.id, dupont.subjectIds[0], { year: 4, text_rating: 'Clear and patient' }));
    // Author B and five more: ordinary comments about the same teacher, all written this month.
    ids.b = await post(subs.b, reviewPayload(faure.id, faure.subjectIds[0], { year: 3, text_rating: 'Explique bien, cours vivants' }));
    for (let i = 0; i < 5; i++)
      ids[`c${i}`] = await post(`privacy-author-c${i}`, reviewPayload(faure.id, faure.subjectIds[0], { year: 4, tot_rating: 4 + i }));
    for (const key of ['aFr', 'aEs', 'aEn']) await waitShown(h, ids[key], 'held');
    for (const key of ['aOther', 'b', 'c0', 'c1', 'c2', 'c3', 'c4']) await waitShown(h, ids[key]);
    // Another user favourites, votes on and reports reviews of A and B.
    const reader = await h.auth(subs.reader);
    await request(url).post(`/api/rating/${ids.b}/favorite`).set(reader).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${ids.aOther}/favorite`).set(reader).send({ value: true }).expect(200);
    await request(url).post(`/api/relatable/${ids.b}`).set(reader).send({ value: true }).expect(200);
    await request(url).post(`/api/rating/${ids.b}/report`).set(reader).send({ content: 'Names a class' }).expect(201);
    await request(url).post(`/api/rating/${ids.aOther}/report`).set(reader).send({ content: 'Off topic' }).expect(201);
  });
  afterAll(() => h?.close());

  const authors = () => [subs.a, subs.b, ...[0, 1, 2, 3, 4].map((i) => `privacy-author-c${i}`)];

  /** Every public answer (the teacher pages and reviews of every teacher), as `who` reads them. */
  async function publicAnswers(who: Record<string, string>): Promise<[string, Json][]> {
    const teachers = await teachersOf(h.conn);
    const paths = [
      '/api/rating/community?limit=50',
      '/api/rating/community',
      '/api/teachers/ranking',
      '/api/subjects',
      '/api/transparency',
      ...teachers.flatMap((t) => [`/api/teacher/${t.id}`, `/api/teacher/${t.id}/reviews?limit=50`]),
      ...[...new Set(teachers.map((t) => t.name.slice(0, 3)))].map((q) => `/api/teachers?query=${encodeURIComponent(q)}`),
    ];
    const answers: [string, Json][] = [];
    for (const path of paths) answers.push([path, (await request(url).get(path).set(who).expect(200)).body]);
    return answers;
  }

  it.each([
    ['signed out', async () => ({})],
    ['as another user', async () => h.auth(subs.reader)],
  ])('%s, no public review object carries the class year, a date finer than the month or its author', async (_who, headers) => {
    const who = await headers();
    const answers = await publicAnswers(who);
    if (Object.keys(who).length)
      answers.push(['/auth/me/favorites', (await request(url).get('/auth/me/favorites').set(who).expect(200)).body]);
    const reviews = answers.flatMap(([, body]) => reviewObjects(body));
    expect(reviews.length).toBeGreaterThan(100); // the demo reviews and ours, several times over
    expect(reviews.map((r) => r.id)).toEqual(expect.arrayContaining([ids.b, ids.aOther, ids.c0]));
    expect(reviews.flatMap((r) => leaks(r, authors()))).toEqual([]);
    // Nothing anywhere in a public answer names an author (their account ids are the tokens' `sub`).
    for (const [path, body] of answers) for (const sub of authors()) expect(`${path} ${JSON.stringify(body)}`).not.toContain(sub);
    // The comments held for identifying someone are not public.
    for (const key of ['aFr', 'aEs', 'aEn']) expect(reviews.map((r) => r.id)).not.toContain(ids[key]);
  });

  it('a vote answers counts only, and another user cannot open the author’s view', async () => {
    const other = await h.auth('privacy-voter');
    const vote = (await request(url).post(`/api/relatable/${ids.c1}`).set(other).send({ value: false }).expect(200)).body;
    expect(Object.keys(vote).sort()).toEqual(['relatable', 'relatable_count', 'vote']);
    await request(url).get(`/api/rating/${ids.c1}`).set(other).expect(404, { error: 'not-found' }); // as a missing one
  });

  it('the teacher reads his reviews dated to the month, without the class year', async () => {
    const space = (
      await request(url)
        .get('/api/teacher-space')
        .set(await h.teacher(faure.id))
        .expect(200)
    ).body;
    const reviews = reviewObjects(space);
    expect(reviews.map((r) => r.id)).toEqual(expect.arrayContaining([ids.b, ids.c4]));
    expect(reviews.flatMap((r) => leaks(r, authors()))).toEqual([]);
  });

  it('breaks a teacher’s reviews down only by fixed school levels of at least the minimum, frozen at the start of the month', async () => {
    const min = h.apiConfig.YEAR_GROUP_MIN_REVIEWS;
    expect(min).toBe(5);
    const details = (await publicAnswers({})).filter(([path]) => /^\/api\/teacher\/[0-9]+$/.test(path)).map(([, b]) => b as TeacherDetail);
    const thisMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();
    for (const d of details) {
      expect(d.by_year_until).toBe(thisMonth);
      for (const group of d.by_year) expect(group.reviews).toBeGreaterThanOrEqual(min);
      expect(d.by_year.reduce((sum, g) => sum + g.reviews, 0)).toBeLessThanOrEqual(d.reviews);
      if (d.reviews < min) expect(d.by_year).toEqual([]);
      // Only the two fixed groups, never years merged from the data; a mean from 10 reviews only.
      for (const group of d.by_year)
        expect([
          [6, 5, 4, 3],
          [2, 1, 0],
        ]).toContainEqual(group.years);
      for (const group of d.by_year) expect(group.rating === null).toBe(group.reviews < 10);
    }
    // Not vacuous: the demo data has teachers broken down, and teachers with too few reviews to be.
    expect(details.some((d) => d.by_year.length > 0)).toBe(true);
    expect(details.some((d) => d.reviews > 0 && d.reviews < min && d.by_year.length === 0)).toBe(true);
    // Six reviews of this month: counted in the figures, not (yet) in the breakdown, so a new card
    // cannot be matched to the class year whose count grew.
    const f = details.find((d) => d.id === faure.id)!;
    expect(f.reviews).toBe(6);
    expect(f.by_year).toEqual([]);
  });

  it('holds a comment that may identify someone, tells its author why, and keeps the author’s own view whole', async () => {
    const mine = (
      await request(url)
        .get('/auth/me/reviews')
        .set(await h.auth(subs.a))
        .expect(200)
    ).body as { id: number; status: string; reason?: string; year: number; created_at: string }[];
    for (const [key, year] of [
      ['aFr', 0],
      ['aEs', 1],
      ['aEn', 2],
    ] as const) {
      const review = mine.find((r) => r.id === ids[key])!;
      expect(review).toMatchObject({ status: 'held', reason: 'identifying-details', year });
      expect(review.created_at).toMatch(DAY_DATE_PATTERN);
    }
    expect(mine.find((r) => r.id === ids.aOther)).toMatchObject({ status: 'published', year: 4 });
  });

  it('moderators see an opaque author key, the same for one author and one teacher, never an account, a class year or a day', async () => {
    const moderator = await h.auth(subs.moderator, ['user', 'moderator']);
    const queue = (await request(url).get('/api/moderation/queue').set(moderator).expect(200)).body as ModerationQueueItem[];
    const item = (key: string) => queue.find((i) => i.id === ids[key])!;
    expect(['aFr', 'aEs', 'aEn', 'b', 'aOther'].map((k) => item(k)?.id)).toEqual(['aFr', 'aEs', 'aEn', 'b', 'aOther'].map((k) => ids[k]));
    expect(item('aFr')).toMatchObject({ status: 'held', reason: 'identifying-details' });
    expect(item('aEs').author_key).toBe(item('aFr').author_key);
    expect(item('aEn').author_key).toBe(item('aFr').author_key);
    expect(item('b').author_key).not.toBe(item('aFr').author_key);
    expect(item('aOther').author_key).not.toBe(item('aFr').author_key); // another teacher: nothing links them
    for (const i of queue) {
      expect(i).not.toHaveProperty('year');
      expect(i.created_at).toMatch(MONTH_DATE_PATTERN);
      expect(JSON.stringify(i)).not.toMatch(/privacy-author|demo-[0-9]+-[0-9]+/);
    }
    // A moderator's look at the review itself: no class year either.
    expect((await request(url).get(`/api/rating/${ids.aFr}`).set(moderator).expect(200)).body).toMatchObject({
      is_creator: false,
      year: -1,
    });
    // Decisions: the audit log names the moderator who acted, never the author.
    await request(url).post(`/api/moderation/reviews/${ids.aFr}/approve`).set(moderator).expect(200);
    await request(url).post(`/api/moderation/reviews/${ids.aOther}/reject`).set(moderator).send({ reason: 'off-topic' }).expect(200);
    const actions = (await request(url).get('/api/moderation/actions').set(moderator).expect(200)).body;
    const history = (await request(url).get(`/api/moderation/reviews/${ids.aFr}/actions`).set(moderator).expect(200)).body;
    for (const a of [...actions, ...history]) expect(JSON.stringify(a)).not.toMatch(/privacy-author/);
    const stored = await h.conn.collection('moderation_actions').find({}).toArray();
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(stored)).not.toMatch(/privacy-author/);
    // Issue #41: the queue read (held and pending reviews) is itself recorded, by whom and which reviews, never their authors.
    const reads = await h.conn.collection('moderation_reads').find({ moderatorId: subs.moderator }).toArray();
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ what: 'queue', at: expect.any(Date) });
    expect(reads[0].reviewIds).toEqual(expect.arrayContaining([ids.aFr, ids.aEs, ids.aEn, ids.b, ids.aOther]));
    expect(JSON.stringify(reads)).not.toMatch(/privacy-author/);
  });

  it('no moderation answer or log line of the suite so far carries an author’s account id or an e-mail next to a review id', () => {
    const dir = process.env.PRIVACY_AUDIT_DIR;
    expect(dir).toBeTruthy();
    const audit = auditPrivacy(dir!);
    expect(audit.problems).toEqual([]);
    // Not vacuous: it read this file's moderation answers, its authors, and the services' log lines.
    expect(audit.answers).toBeGreaterThanOrEqual(5);
    expect(audit.accounts).toBeGreaterThanOrEqual(8);
    expect(audit.logLines).toBeGreaterThan(0);
  });
});
