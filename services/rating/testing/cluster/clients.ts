// The clients of a cluster test: signed-in users writing through the public API, each request sent
// to the next running API (round robin), each answer recorded in the ClientLog.
import { type TeacherDetail } from '@pupitre/contracts';
import { readGroundTruth } from '../ground-truth';
import { reviewPayload } from '../review-payload';
import { type ClientLog } from './client-log';
import { type Answer, call } from './http';
import { type RatingCluster } from './rating-cluster';

/** A text the automatic validation publishes, and one it rejects (personal data: a phone number). */
export const CLEAN_TEXT = 'Cours clair et bien organise, merci.';
export const REJECTED_TEXT = 'Appelez moi au 06 12 34 56 78 apres le cours';

export interface Course {
  teacher: number;
  subject: number;
}

export class Clients {
  private readonly tokens = new Map<string, Promise<{ Authorization: string }>>();
  /** How many answers of each kind (`POST /api/relatable 200`, by API) the clients got: what the test did. */
  readonly tally = new Map<string, number>();
  /** Requests sent and not answered yet. */
  private readonly pending = new Set<{ api: string; path: string }>();
  /** Every answer so far, in order (status 0: none came back). */
  private readonly answered: { api: string; path: string; status: number }[] = [];

  constructor(
    private readonly cluster: RatingCluster,
    readonly log: ClientLog,
  ) {}

  /** How many requests await their answer now (to `api`, on paths matching `path`, when given). */
  inFlight(filter: { api?: string; path?: RegExp } = {}): number {
    return [...this.pending].filter((r) => (!filter.api || r.api === filter.api) && (!filter.path || filter.path.test(r.path))).length;
  }

  /** Resolves once at least `count` requests (matching `filter`) await their answer: a fault then lands inside them. */
  async whenInFlight(count: number, filter: { api?: string; path?: RegExp } = {}, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight(filter) < count) {
      if (Date.now() > deadline)
        throw new Error(
          `fewer than ${count} requests in flight (${filter.api ?? 'any API'}, ${filter.path ?? 'any path'}) for ${timeoutMs} ms`,
        );
      await new Promise((r) => setTimeout(r, 1));
    }
  }

  /**
   * Resolves once the clients got `count` more answers matching `filter` (by API, path, status) than
   * they had when called: a phase of a fault scenario lasts that much of the burst, however fast or
   * loaded the machine, instead of a number of milliseconds.
   */
  async moreAnswers(
    count: number,
    filter: { api?: string; path?: RegExp; status?: (status: number) => boolean } = {},
    timeoutMs = 30_000,
  ): Promise<void> {
    const matching = () =>
      this.answered.filter(
        (a) =>
          (!filter.api || a.api === filter.api) &&
          (!filter.path || filter.path.test(a.path)) &&
          (!filter.status || filter.status(a.status)),
      ).length;
    const target = matching() + count;
    const deadline = Date.now() + timeoutMs;
    while (matching() < target) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} more answers (${JSON.stringify(filter)}) in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Prints the tally when CLUSTER_TALLY is set (to see what a run did). */
  printTally(): void {
    if (process.env.CLUSTER_TALLY) process.stdout.write(`${JSON.stringify(Object.fromEntries([...this.tally].sort()), null, 1)}\n`);
  }

  bearer(user: string): Promise<{ Authorization: string }> {
    let token = this.tokens.get(user);
    if (!token) {
      token = this.cluster.bearer(user);
      this.tokens.set(user, token);
    }
    return token;
  }

  private async send(
    user: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    api = this.cluster.nextApi(),
  ): Promise<Answer> {
    const auth = await this.bearer(user);
    const request = { api, path };
    this.pending.add(request);
    const answer = await call(api, method, path, { body, headers: { ...auth, ...headers } }).finally(() => this.pending.delete(request));
    this.answered.push({ api, path, status: answer.status });
    const key = `${method} ${path.replace(/\/\d+/g, '/:id')} ${answer.status || answer.error} via ${api.replace(/.*:/, ':')}`;
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
    return answer;
  }

  async create(
    user: string,
    course: Course,
    options: { year?: number; tot?: number; clean?: boolean; idempotencyKey?: string; api?: string } = {},
  ): Promise<Answer> {
    const clean = options.clean ?? true;
    const year = options.year ?? 2;
    const body = reviewPayload(course.teacher, course.subject, {
      year,
      tot_rating: options.tot ?? 7,
      text_rating: clean ? CLEAN_TEXT : REJECTED_TEXT,
    });
    const answer = await this.send(
      user,
      'POST',
      '/api/rating/0',
      body,
      options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
      options.api,
    );
    this.log.create(user, { ...course, year }, clean, answer);
    return answer;
  }

  /** A new version of a review the log holds (same course and year, another grade). */
  async edit(reviewId: number, tot: number): Promise<Answer> {
    const c = this.log.created.get(reviewId);
    if (!c) throw new Error(`review ${reviewId} was not created by this test`);
    const answer = await this.send(
      c.user,
      'PUT',
      `/api/rating/${reviewId}`,
      reviewPayload(c.teacher, c.subject, { year: c.year, tot_rating: tot, text_rating: `${CLEAN_TEXT} Note ${tot}.` }),
    );
    this.log.edit(reviewId, answer);
    return answer;
  }

  async vote(user: string, reviewId: number, value: boolean | null, api?: string): Promise<Answer> {
    const answer =
      value === null
        ? await this.send(user, 'DELETE', `/api/relatable/${reviewId}`, undefined, {}, api)
        : await this.send(user, 'POST', `/api/relatable/${reviewId}`, { value }, {}, api);
    this.log.vote(reviewId, user, value, answer);
    return answer;
  }

  async favourite(user: string, reviewId: number, value: boolean): Promise<Answer> {
    const answer = value
      ? await this.send(user, 'POST', `/api/rating/${reviewId}/favorite`, { value })
      : await this.send(user, 'DELETE', `/api/rating/${reviewId}/favorite`);
    this.log.favourite(reviewId, user, value, answer);
    return answer;
  }

  async report(user: string, reviewId: number): Promise<Answer> {
    const answer = await this.send(user, 'POST', `/api/rating/${reviewId}/report`, { content: 'Ce commentaire me semble injuste.' });
    this.log.report(reviewId, user, answer);
    return answer;
  }

  /** Erases `user` as the auth service does (no request of theirs may be in flight). */
  async erase(user: string): Promise<void> {
    await this.cluster.eraseUser(user);
    this.log.erased.add(user);
  }
}

/** The first `count` teachers of the catalogue with a subject each, as the API shows them. */
export async function coursesOf(cluster: RatingCluster, count: number): Promise<Course[]> {
  const courses: Course[] = [];
  for (const { id } of (await readGroundTruth(cluster.documents())).teachers.slice(0, count)) {
    const page = await call(cluster.nextApi(), 'GET', `/api/teacher/${id}`);
    const subject = (page.json as TeacherDetail | undefined)?.subjects[0];
    if (page.status === 200 && subject) courses.push({ teacher: id, subject: subject.id });
  }
  return courses;
}

/** Public reviews already there (the demo's), as the community lists them: targets for votes, with their teachers. */
export async function publicReviews(cluster: RatingCluster, count: number): Promise<{ ids: number[]; teachers: number[] }> {
  const answer = await call(cluster.nextApi(), 'GET', '/api/rating/community?limit=50');
  const blocks = (answer.json as { reviews?: { id: number; teacher: { id: number } }[] }[]).slice(0, -1);
  const reviews = [...new Map(blocks.flatMap((b) => b.reviews ?? []).map((r) => [r.id, r.teacher.id])).entries()].slice(0, count);
  return { ids: reviews.map(([id]) => id), teachers: [...new Set(reviews.map(([, teacher]) => teacher))] };
}
