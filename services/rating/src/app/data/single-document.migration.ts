import type { Collection } from 'mongodb';
import { type Connection } from 'mongoose';
import { type ReviewReport } from '../reviews/review';

export const SINGLE_DOCUMENT_MIGRATION = 'single-document-reviews-v1';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents of an earlier design, read field by field
type Doc = { _id?: any } & Record<string, any>;
/** Fields of the earlier design (a ledger of aggregate changes, denormalized list keys) that the documents lose. */
const RETIRED_REVIEW_FIELDS = { counted: '', aggPending: '', rev: '', pubTeacherId: '', pubTot: '', wilson: '' } as const;
const RETIRED_TEACHER_FIELDS = { reviewCount: '', ratingSum: '', ops: '', upcoming: '' } as const;
const RETIRED_COLLECTIONS = ['votes', 'favorites', 'reports', 'review_lists', 'review_list_rebuilds'];

/**
 * Brings a database of the earlier design to one document per review, once: each review takes in
 * its votes (`votes` collection → the `votes` JSON text and its counts) and its reports (`reports`
 * → `reports`); a version validated ahead of a publication time still to come goes back to pending
 * (the worker validates it at its time, its task is listed); each user's index takes their
 * favourites (in the order they were added) and the reviews they reported; teachers lose their
 * stored aggregates (derived in memory now). Every step recomputes from the old collections, so a
 * crash midway is finished by the next run; the old collections are dropped once it is marked done.
 */
export async function migrateToSingleDocuments(
  connection: Connection,
  log: (msg: string, data?: object) => void = () => undefined,
): Promise<void> {
  const migrations = connection.collection<{ _id: string; at: Date; reviews: number }>('migrations');
  if (await migrations.findOne({ _id: SINGLE_DOCUMENT_MIGRATION })) return dropRetired(connection);
  const collection = (name: string) => connection.collection(name) as unknown as Collection<Doc>;
  const votesByReview = new Map<number, Record<string, 0 | 1>>();
  for await (const v of collection('votes').find({})) {
    if (typeof v.reviewId !== 'number' || typeof v.userId !== 'string') continue;
    const votes = votesByReview.get(v.reviewId) ?? {};
    votes[v.userId] = v.value ? 1 : 0;
    votesByReview.set(v.reviewId, votes);
  }
  const reportsByReview = new Map<number, ReviewReport[]>();
  const reportedByUser = new Map<string, number[]>();
  for await (const r of collection('reports').find({})) {
    if (typeof r.reviewId !== 'number' || typeof r.userId !== 'string') continue;
    const outcome = (r.outcome as ReviewReport['outcome'] | undefined) ?? (r.dismissed ? 'kept' : 'open');
    const report: ReviewReport = {
      userId: r.userId,
      content: String(r.content ?? ''),
      weight: typeof r.weight === 'number' ? r.weight : 1,
      at: (r.createdAt as Date) ?? new Date(0),
      outcome,
      reason: (r.reason as string | null) ?? null,
      decidedAt: (r.decidedAt as Date | null) ?? null,
    };
    reportsByReview.set(r.reviewId, [...(reportsByReview.get(r.reviewId) ?? []), report]);
    reportedByUser.set(r.userId, [...(reportedByUser.get(r.userId) ?? []), r.reviewId]);
  }
  const now = Date.now();
  const tasks = collection('review_tasks');
  let reviews = 0;
  for await (const doc of collection('reviews').find({})) {
    if (typeof doc.id !== 'number') continue;
    const votes = votesByReview.get(doc.id) ?? {};
    const reports = reportsByReview.get(doc.id) ?? [];
    const open = reports.filter((r) => r.outcome === 'open');
    const pub = doc.pub as { publishedAt?: Date } | null;
    const ahead = pub && pub.publishedAt && new Date(pub.publishedAt).getTime() > now && doc.status === 'published';
    const set: Record<string, unknown> = {
      votes: JSON.stringify(votes),
      relTotal: Object.keys(votes).length,
      relUp: Object.values(votes).filter((v) => v === 1).length,
      reports,
      reportCount: open.length,
      reportWeight: Math.round(open.reduce((s, r) => s + r.weight, 0) * 100) / 100,
      fence: typeof doc.fence === 'number' ? doc.fence : 0,
      hidden: doc.hidden === true,
      visible: !ahead && doc.pub != null && doc.hidden !== true,
      ...(ahead ? { status: 'pending', pub: null } : {}),
    };
    await collection('reviews').updateOne({ _id: doc._id }, { $set: set, $unset: RETIRED_REVIEW_FIELDS });
    if (ahead)
      await tasks.updateOne({ _id: `review:${doc.id}` }, { $set: { reviewId: doc.id, publishAt: doc.publishAt } }, { upsert: true });
    reviews++;
  }
  const favouritesByUser = new Map<string, { reviewId: number; at: number }[]>();
  for await (const f of collection('favorites').find({})) {
    if (typeof f.reviewId !== 'number' || typeof f.userId !== 'string') continue;
    favouritesByUser.set(f.userId, [
      ...(favouritesByUser.get(f.userId) ?? []),
      { reviewId: f.reviewId, at: new Date((f.createdAt as Date) ?? 0).getTime() },
    ]);
  }
  for (const userId of new Set([...favouritesByUser.keys(), ...reportedByUser.keys()])) {
    const favorites = (favouritesByUser.get(userId) ?? []).sort((a, b) => a.at - b.at).map((f) => f.reviewId);
    await collection('user_index').updateOne(
      { _id: userId },
      { $set: { favorites, reported: [...new Set(reportedByUser.get(userId) ?? [])] } },
      { upsert: true },
    );
  }
  await collection('user_index').updateMany({}, { $unset: { votes: '' } });
  await collection('teachers').updateMany({}, { $unset: RETIRED_TEACHER_FIELDS });
  await migrations.updateOne({ _id: SINGLE_DOCUMENT_MIGRATION }, { $set: { at: new Date(), reviews } }, { upsert: true });
  if (votesByReview.size || reportsByReview.size || favouritesByUser.size)
    log('reviews migrated to single documents', { reviews, withVotes: votesByReview.size, withReports: reportsByReview.size });
  await dropRetired(connection);
}

async function dropRetired(connection: Connection): Promise<void> {
  const existing = new Set((await connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const name of RETIRED_COLLECTIONS) if (existing.has(name)) await connection.db!.dropCollection(name).catch(() => undefined);
}
