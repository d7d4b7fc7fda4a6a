// A client that lost the answer to POST /api/rating/0 retries with the same Idempotency-Key, on
// another API process: it gets the original 201 (never a 409 duplicate-review), and the documents
// hold that one review, public after its delay. The answer is lost two ways: read by nobody, or
// never sent because the API was killed (-9) at some point while handling the request.
import { randomUUID } from 'node:crypto';
import { readGroundTruth } from '../../testing/ground-truth';
import { hold } from '../../testing/cluster/burst';
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, type Course, coursesOf } from '../../testing/cluster/clients';
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

  it.each([0, 10, 40, 120])('gets a 201 and one review when the API was killed %i ms into the request', async (afterMs) => {
    const user = `idem-killed-${afterMs}`;
    const idempotencyKey = randomUUID();
    const [victim, other] = [cluster.apis[0], cluster.apiUrls[1]];
    const pending = clients.create(user, course, { idempotencyKey, api: cluster.apiUrls[0] });
    await hold(afterMs);
    await victim.kill();
    const first = await pending;
    const retry = await clients.create(user, course, { idempotencyKey, api: other });
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
