// Reviews are anonymous: no answer another person receives carries the author's account id or
// e-mail. Every read endpoint of the registry is scanned (the probes on each process too) as a
// visitor, as users who voted on, favourited and reported the review, and as an admin, once the
// review is public and has been voted on, favourited, reported and acted upon; so are the answers
// to those actions. The scan is not vacuous: the review itself shows in the lists it must show in.
import { type Endpoint } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { teachersOf } from '../../rating/testing/rating-harness';
import { adminOnly, type Fixtures, isProbe, label, needsToken, operations, READS, realPath } from './testing/registry';
import { type Account, useWorld } from './testing/world';

jest.setTimeout(60_000);

describe("no answer to anyone else carries the author's id or e-mail", () => {
  const world = useWorld(__filename);
  let author: Account;
  let readers: Account[];
  let admin: Account;
  let fx: Fixtures;
  /** Every answer body received, by what was asked. */
  const answers = new Map<string, string>();

  const keep = (what: string, res: { text: string }) => answers.set(what, res.text);

  beforeAll(async () => {
    [author, admin, ...readers] = await Promise.all([world().account(), world().account('admin'), world().account(), world().account()]);
    fx = await world().fixtures(author);
    const [voter, reporter] = readers;
    const { url } = world();
    keep('vote', await request(url).post(`/api/relatable/${fx.review}`).set(voter.bearer).send({ value: true }).expect(200));
    keep('favourite', await request(url).post(`/api/rating/${fx.review}/favorite`).set(voter.bearer).send({ value: true }).expect(200));
    keep(
      'report',
      await request(url)
        .post(`/api/rating/${fx.review}/report`)
        .set(reporter.bearer)
        .send({ content: 'Checking what reporters see' })
        .expect(201),
    );
    keep('the moderation queue while reported', await request(url).get('/api/moderation/queue').set(admin.bearer).expect(200));
    keep(
      'approve',
      await request(url).post(`/api/moderation/reviews/${fx.review}/approve`).set(admin.bearer).send({ note: 'Nothing wrong' }).expect(200),
    );
    const teacher = (await teachersOf(world().rating.conn)).find((t) => t.id === fx.teacher)!;
    const operation = await operations(url);
    const values: Record<string, string> = { query: encodeURIComponent(teacher.name), limit: '50' };
    const withQuery = (e: Endpoint) => {
      const query = (operation(e)?.query ?? []).filter((p) => values[p]).map((p) => `${p}=${values[p]}`);
      return query.length ? `${realPath(e, fx)}?${query.join('&')}` : realPath(e, fx);
    };
    for (const e of READS) {
      const callers: (Account | null)[] = adminOnly(e) ? [admin] : needsToken(e) ? [...readers, admin] : [null, ...readers, admin];
      for (const base of isProbe(e) ? world().processes : [url]) {
        for (const [i, who] of callers.entries()) {
          const req = request(base).get(withQuery(e));
          keep(`${label(e)} at ${base} as caller ${i}`, await (who ? req.set(who.bearer) : req));
        }
      }
    }
  });

  it("the review shows in the community, its teacher's reviews, the voter's favourites, the reporter's reports, the moderation queue and the admin's view", () => {
    const showing = [...answers]
      .filter(([, text]) => text.includes(`"id":${fx.review},`) || text.includes(`"review_id":${fx.review},`))
      .map(([what]) => what.replace(/ at .*/, ''));
    const expected = [
      'GET /api/rating/community',
      'GET /api/teacher/:id/reviews',
      'GET /auth/me/favorites',
      'GET /auth/me/reports',
      'the moderation queue while reported',
      'GET /api/rating/:id',
    ];
    for (const where of expected) expect(showing).toContain(where);
  });

  it("none carries the author's account id", () => {
    expect([...answers].filter(([, text]) => text.includes(author.id)).map(([what]) => what)).toEqual([]);
  });

  it("none carries the author's e-mail address", () => {
    const email = author.email.toLowerCase();
    expect([...answers].filter(([, text]) => text.toLowerCase().includes(email)).map(([what]) => what)).toEqual([]);
  });
});
