// While the database is down (its process killed -9), the real bundles answer writes and logins
// 503 {"error": "unavailable"} with Retry-After, never 500 or a hang; once it is back, they work
// again without a restart.
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, type Course, coursesOf, publicReviews } from '../../testing/cluster/clients';
import { type Answer, call } from '../../testing/cluster/http';
import { type RatingCluster, useRatingCluster } from '../../testing/cluster/rating-cluster';

jest.setTimeout(120_000);

const unavailable = (a: Answer) => ({ status: a.status, body: a.json, retryAfter: Number(a.headers?.get('retry-after')) > 0 });

describe('the database down under the real processes', () => {
  const it_ = useRatingCluster({ apis: 1, workers: 1, auth: true });
  let cluster: RatingCluster;
  let clients: Clients;
  let course: Course;
  let target: number;
  const login = { email: 'down@example.org', password: 'Correct-Horse-9' };

  beforeAll(async () => {
    cluster = it_.cluster;
    clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    cluster.createAccount(login.email, login.password);
    [course] = await coursesOf(cluster, 1);
    [target] = (await publicReviews(cluster, 1)).ids;
  });

  it('answers logins and writes 503 with Retry-After while it is down, and serves them again once it is back', async () => {
    expect((await call(cluster.authUrl!, 'POST', '/auth/token/', { body: login })).status).toBe(200);
    await cluster.db.kill();
    const [token, create, vote] = await Promise.all([
      call(cluster.authUrl!, 'POST', '/auth/token/', { body: login }),
      clients.create('down-user', course),
      clients.vote('down-user', target, true),
    ]);
    // A 5xx names its request (`request_id`, the answer's X-Request-Id), for the user to quote.
    const expected = { status: 503, body: { error: 'unavailable', request_id: expect.any(String) }, retryAfter: true };
    expect({ login: unavailable(token), create: unavailable(create), vote: unavailable(vote) }).toEqual({
      login: expected,
      create: expected,
      vote: expected,
    });

    await cluster.db.start();
    await cluster.ready();
    expect((await call(cluster.authUrl!, 'POST', '/auth/token/', { body: login })).status).toBe(200);
    expect((await clients.create('down-user', course)).status).toBe(201);
  });
});
