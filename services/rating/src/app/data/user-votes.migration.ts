import { type Connection } from 'mongoose';

export const USER_VOTES_MIGRATION = 'user-index-votes-v1';

/**
 * Copies every existing vote into its voter's index (`user_index.votes`), once, for a database
 * written before the index held votes (a signed-in list reads the caller's state from the index).
 * Idempotent (`$set` of each vote), so a crash midway is finished by the next run. Marked done in
 * `migrations`.
 */
export async function copyVotesToUserIndex(connection: Connection, log: (msg: string, data?: object) => void = () => undefined): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; users: number }>('migrations');
  if (await migrations.findOne({ _id: USER_VOTES_MIGRATION })) return;
  const byUser = new Map<string, Record<string, boolean>>();
  for await (const vote of connection.collection<{ reviewId: number; userId: string; value: boolean }>('votes').find({}, { projection: { _id: 0, reviewId: 1, userId: 1, value: 1 } })) {
    if (typeof vote.userId !== 'string' || typeof vote.reviewId !== 'number') continue;
    const votes = byUser.get(vote.userId) ?? {};
    votes[`votes.${vote.reviewId}`] = vote.value === true;
    byUser.set(vote.userId, votes);
  }
  const index = connection.collection<{ _id: string }>('user_index');
  for (const [userId, votes] of byUser) await index.updateOne({ _id: userId }, { $set: votes }, { upsert: true });
  await migrations.updateOne({ _id: USER_VOTES_MIGRATION }, { $set: { at: new Date(), users: byUser.size } }, { upsert: true });
  if (byUser.size) log('votes copied to the user index', { users: byUser.size });
}
