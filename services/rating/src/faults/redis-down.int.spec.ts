// Redis out of service under the real bundles, stopped (kill -9) and then paused (SIGSTOP: its
// connections stay open, nothing answers): Redis holds jobs, rate limits and sessions, not data.
// Reads, votes, favourites and reports answer 200, creates 201, the rating APIs stay ready, and what
// does need Redis (a token refresh) answers 503 with Retry-After; every answer comes while Redis is still out.
// Once Redis is back, each review created meanwhile is published after its delay (the worker's
// reconciler publishes the reviews overdue whose job Redis could not take), and every public page is right.
import { type TokenPair } from '@pupitre/contracts';
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, type Course, coursesOf, publicReviews } from '../../testing/cluster/clients';
import { type Answer, call } from '../../testing/cluster/http';
import { type RatingCluster, useRatingCluster } from '../../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../../testing/cluster/settled';

jest.setTimeout(120_000);

/**
 * What a user sees of an answer: its status (0: none came), and Retry-After on a 503. A request that
 * waits for Redis stays unanswered while Redis is out, and the clients give up after 15 s (http.ts):
 * status 0. The services give Redis 1 s, then go on without it or answer 503, so every answer comes
 * while Redis is still out: that is the state checked, not a latency (a slow machine is no hang).
 */
async function seen(request: () => Promise<Answer>): Promise<{ status: number; retryAfter?: boolean }> {
  const answer = await request();
  return answer.status === 503 ? { status: 503, retryAfter: Number(answer.headers?.get('retry-after')) > 0 } : { status: answer.status };
}

describe('Redis stopped or paused under the real processes', () => {
  const it_ = useRatingCluster({ apis: 2, workers: 1, auth: true });
  let cluster: RatingCluster;
  let clients: Clients;
  let courses: Course[];
  let targets: number[];
  const login = { email: 'redis-down@example.org', password: 'Correct-Horse-9' };
  const users: string[] = [];

  beforeAll(async () => {
    cluster = it_.cluster;
    clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    cluster.createAccount(login.email, login.password);
    courses = await coursesOf(cluster, 2);
    targets = (await publicReviews(cluster, 2)).ids;
  });

  it.each([
    ['stopped', 0],
    ['paused', 1],
  ] as const)(
    'with Redis %s: reads, votes, favourites, reports 200, creates 201, ready; a refresh 503 with Retry-After; all answered while it is out',
    async (how, n) => {
      const user = `redis-${how}`;
      users.push(user);
      const auth = cluster.authUrl!;
      const signedIn = await call(auth, 'POST', '/auth/token/', { body: login });
      expect(signedIn.status).toBe(200);
      const { refresh } = signedIn.json as TokenPair;
      const [course, target] = [courses[n], targets[n]];

      if (how === 'stopped') await cluster.redis.kill();
      else cluster.redis.pause();
      const api = cluster.apiUrls[n];
      const answers = {
        community: await seen(() => call(api, 'GET', '/api/rating/community')),
        teacher: await seen(() => call(api, 'GET', `/api/teacher/${course.teacher}`)),
        teacherReviews: await seen(() => call(api, 'GET', `/api/teacher/${course.teacher}/reviews`)),
        ranking: await seen(() => call(api, 'GET', '/api/teachers/ranking')),
        vote: await seen(() => clients.vote(user, target, true, api)),
        favourite: await seen(() => clients.favourite(user, target, true)),
        report: await seen(() => clients.report(user, target)),
        create: await seen(() => clients.create(user, course, { api })),
        ready: await seen(() => call(api, 'GET', '/readyz')),
        refresh: await seen(() => call(auth, 'POST', '/auth/token/refresh/', { body: { refresh } })),
        login: await seen(() => call(auth, 'POST', '/auth/token/', { body: login })),
        authReady: await seen(() => call(auth, 'GET', '/readyz')),
      };
      const ok = { status: 200 };
      expect(answers).toEqual({
        community: ok,
        teacher: ok,
        teacherReviews: ok,
        ranking: ok,
        vote: ok,
        favourite: ok,
        report: { status: 201 },
        create: { status: 201 },
        ready: ok,
        refresh: { status: 503, retryAfter: true },
        // Signing in needs Redis only for its throttles, which let it through while Redis is out.
        login: answers.login.status === 503 ? { status: 503, retryAfter: true } : ok,
        authReady: ok,
      });

      if (how === 'stopped') await cluster.redis.start();
      else cluster.redis.resume();
      await cluster.ready();
      const problems = await problemsOnceSettled(cluster, clients, { teachers: courses.map((c) => c.teacher), users });
      expect(problems).toEqual([]);
    },
  );
});
