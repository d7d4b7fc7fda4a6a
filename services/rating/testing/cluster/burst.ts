// A steady burst of writes for the fault tests: each user, in a loop, creates a review (a new
// course and year each time, so none is a duplicate, while there are some left), changes a vote and
// toggles a favourite on public reviews, through the round-robin APIs, until stopped. Every answer
// goes to the ClientLog.
import { ClientLog } from './client-log';
import { Clients, type Course, coursesOf, publicReviews } from './clients';
import { type RatingCluster } from './rating-cluster';

export interface BurstOptions {
  users: string[];
  courses: Course[];
  /** Public reviews to vote on and favour. */
  targets: number[];
  /** Pause between a user's iterations (ms). */
  pauseMs?: number;
}

export interface Burst {
  /** Stops the loops and resolves once every request in flight has its answer (or none). */
  stop(): Promise<void>;
}

const YEARS = 7;
/**
 * A create every this many rounds: a user's courses and years (56) then last about three times as
 * long, through a whole fault scenario. Every round, a quick machine ran out of them before the
 * database came back, and "creates are taken again" could not be seen.
 */
const CREATE_EVERY = 3;

export function startBurst(clients: Clients, options: BurstOptions): Burst {
  let running = true;
  const loop = async (user: string, u: number) => {
    const combos = options.courses.length * YEARS;
    for (let i = 0; running; i++) {
      const c = i / CREATE_EVERY; // the c-th create of this user
      if (i % CREATE_EVERY === 0 && c < combos) {
        const course = options.courses[(c + u) % options.courses.length];
        await clients.create(user, course, { year: Math.floor(c / options.courses.length) % YEARS, tot: (c + u) % 11 });
      }
      const target = options.targets[(i + u) % options.targets.length];
      await clients.vote(user, target, [true, false, null][i % 3]);
      if (i % 2 === 0) await clients.favourite(user, target, i % 4 === 0);
      await new Promise((r) => setTimeout(r, options.pauseMs ?? 50));
    }
  };
  const loops = Promise.all(options.users.map(loop));
  return {
    stop: async () => {
      running = false;
      await loops;
    },
  };
}

/**
 * The usual burst of a fault test: `userCount` users on the first eight teachers of the catalogue
 * (56 courses and years each: creates for as long as a fault scenario lasts),
 * voting on and favouring four of the demo's public reviews. `scope` is what to compare afterwards.
 */
export async function burstScenario(cluster: RatingCluster, userPrefix: string, userCount = 6) {
  const clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
  const courses = await coursesOf(cluster, 8);
  const demo = await publicReviews(cluster, 4);
  const users = Array.from({ length: userCount }, (_, i) => `${userPrefix}-${i}`);
  const scope = { teachers: [...new Set([...courses.map((c) => c.teacher), ...demo.teachers])], users };
  return { clients, courses, targets: demo.ids, users, scope, start: () => startBurst(clients, { users, courses, targets: demo.ids }) };
}
