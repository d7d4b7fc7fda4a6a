import { readGroundTruth } from '../ground-truth';
import { type Clients } from './clients';
import { doubledInDocuments } from './doubles';
import { untilNoProblems } from './http';
import { publicPageProblems } from './public-pages';
import { type RatingCluster } from './rating-cluster';

/**
 * Once every version the clients wrote is due, what still contradicts the documents after
 * `timeoutMs` of polling: the client log (acknowledged writes there exactly once, nothing
 * half-done), the documents (nothing doubled: doubles.ts) and the public pages (`teachers`' lists, `users`' state and
 * favourites). Empty: right.
 */
export async function problemsOnceSettled(
  cluster: RatingCluster,
  clients: Clients,
  scope: { teachers: number[]; users: string[] },
  timeoutMs = 15_000,
): Promise<string[]> {
  // Until the clock reaches the last due time (a state of the clock: nothing can be checked before).
  await new Promise((r) => setTimeout(r, Math.max(0, clients.log.lastDueAt() - Date.now())));
  return untilNoProblems(async () => {
    const truth = await readGroundTruth(cluster.documents());
    const pages = await publicPageProblems(() => cluster.nextApi(), truth, {
      teachers: scope.teachers,
      users: scope.users.map((id) => ({ id, bearer: () => clients.bearer(id) })),
    });
    return [...clients.log.problems(truth), ...(await doubledInDocuments(cluster.documents())), ...pages];
  }, timeoutMs);
}
