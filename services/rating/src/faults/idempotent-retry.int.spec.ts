// A client that lost the answer to POST /api/rating/0 retries with the same Idempotency-Key, on
// another API process: it gets the original 201 (never a 409 duplicate-review), and the documents
// hold that one review, public after its delay. The answer is lost two ways: read by nobody, or
// never sent because the API was killed (-9) at each stage of handling the request.
import { randomUUID } from 'node:crypto';
import { readGroundTruth } from '../../testing/ground-truth';
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, type Course, coursesOf } from '../../testing/cluster/clients';
import { type Answer } from '../../testing/cluster/http';
import { pauseWhen } from '../../testing/cluster/pause';
import { type RatingCluster, useRatingCluster } from '../../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../../testing/cluster/settled';

jest.setTimeout(120_000);

describe('a create retried with its Idempotency-Key after a lost answer', () => {
  const it_ = useRatingCluster({ apis: 2, workers: 1 });
  let cluster: RatingCluster;
  let clients: Clients;
  let course: Course;

  beforeAll(async () => {
    cluster = it_.cluster;
    clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    [course] = await coursesOf(cluster, 1);
  });

  const reviewsOf = async (user: string) =>
    [...(await readGroundTruth(cluster.documents())).authorOf].filter(([, author]) => author === user).map(([id]) => id);

  it('gets the original 201 from another API when the first answer was not read', async () => {
    const [first, second] = cluster.apiUrls;
    const idempotencyKey = randomUUID();
    const lost = await clients.create('idem-reader', course, { idempotencyKey, api: first });
    expect(lost.status).toBe(201);
    const retry = await clients.create('idem-reader', course, { idempotencyKey, api: second });
    expect({ status: retry.status, json: retry.json }).toEqual({ status: 201, json: lost.json });
    expect(await reviewsOf('idem-reader')).toEqual([(lost.json as { id: number }).id]);
  });

  // The API is frozen (SIGSTOP) as soon as the database shows the request reached a stage, then
  // killed (-9) there: a state of the request, not a number of milliseconds into it.
  const stages: Record<string, (user: string, key: string) => Promise<boolean>> = {
    'as the request arrives': async () => clients.inFlight({ api: cluster.apiUrls[0] }) > 0,
    'once its key is claimed': async (user, key) => Boolean(await keyOf(user, key)),
    'once its review is on the to-do list': async (user, key) => {
      const id = (await keyOf(user, key))?.reviewId;
      return (
        id !== undefined &&
        Boolean(
          await cluster
            .documents()
            .collection('review_tasks')
            .findOne({ _id: `review:${id}` } as never),
        )
      );
    },
    'once its review is written': async (user) => Boolean(await cluster.documents().collection('reviews').findOne({ authorId: user })),
  };
  async function retriedWhileUnavailable(request: () => Promise<Answer>, deadlineMs = 60_000): Promise<Answer> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      const answer = await request();
      if (answer.status !== 503 || Date.now() > deadline) return answer;
      await new Promise((r) => setTimeout(r, 1000 * Number(answer.headers?.get('retry-after') ?? 1)));
    }
  }
  const keyOf = (user: string, key: string) =>
    cluster
      .documents()
      .collection<{ _id: string; reviewId: number }>('idempotency_keys')
      .findOne({ _id: `${user}:${key}` });

  it.each(Object.keys(stages).map((stage, i) => [stage, i]))('gets a 201 and one review when the API was killed %s', async (stage, i) => {
    const user = `idem-killed-${i}`;
    const idempotencyKey = randomUUID();
    const [victim, other] = [cluster.apis[0], cluster.apiUrls[1]];
    const pending = clients.create(user, course, { idempotencyKey, api: cluster.apiUrls[0] });
    await pauseWhen(victim, () => stages[stage](user, idempotencyKey), { pollMs: 1 });
    await victim.kill();
    const first = await pending;
    // Retried as the contract says a client does: again after Retry-After while the answer is 503
    // (the killed API's open transaction holds its rows until the database ends it).
    const retry = await retriedWhileUnavailable(() => clients.create(user, course, { idempotencyKey, api: other }));
    await victim.start();
    expect(retry.status).toBe(201);
    if (first.status === 201) expect(retry.json).toEqual(first.json);
    expect(await reviewsOf(user)).toEqual([(retry.json as { id: number }).id]);
  });

  it('leaves each of those reviews public after its delay, and the pages right', async () => {
    const problems = await problemsOnceSettled(cluster, clients, { teachers: [course.teacher], users: [] });
    expect(problems).toEqual([]);
  });
});
