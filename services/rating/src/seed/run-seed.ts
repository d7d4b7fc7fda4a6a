import { withDerived } from '../app/reviews/list-keys';
import { allocateIds } from '../app/data/allocate-ids';
import { newReviewId } from '../app/data/review-ids';
import { reviewOid, teacherOid } from '../app/data/keys';
import { newReview, published, type ReviewContent, type ReviewDoc } from '../app/reviews/review';
import { teacherSearchKey } from '../app/teachers/search-key';
import { demoReviewsFor } from './demo-reviews';
import { DEMO_SUBJECTS } from './demo-subjects';
import { DEMO_TEACHERS } from './demo-teachers';
import { type SeedModels } from './seed-models';

export interface SeedSummary {
  subjectsAdded: number;
  teachersAdded: number;
  reviewsAdded: number;
}

/** Demo reviews' authors: one opaque id per review (`demo-<teacher index>-<n>`), none a real user. */
export const demoAuthor = (teacherIndex: number, n: number) => `demo-${teacherIndex}-${n}`;

const teacherKey = (prefix: string, name: string) => `${prefix} ${name}`;

// Loads the demo school (subjects, teachers, published demo reviews), adding only what is missing:
// a second run changes nothing and an interrupted run is completed by the next one.
export async function runSeed(models: SeedModels): Promise<SeedSummary> {
  const subjectIds = await ensureSubjects(models);
  const { ids: teacherIds, added: teachersAdded } = await ensureTeachers(models, subjectIds);
  const reviewsAdded = await addMissingReviews(models, teacherIds, subjectIds);
  // The demo reviews are written as published: their teachers' figures are computed from them, their classes claimed.
  if (reviewsAdded) await models.stats.rebuild(models.reviews.collection.find({}) as never);
  if (reviewsAdded) await models.claims.claimAll(models.reviews.collection.find({}) as never);
  return { subjectsAdded: subjectIds.added, teachersAdded, reviewsAdded };
}

async function ensureSubjects(models: SeedModels): Promise<Map<string, number> & { added: number }> {
  const existing = await models.subjects.find({}, { _id: 0, id: 1, name: 1 }).lean().exec();
  const ids = Object.assign(new Map(existing.map((s) => [s.name, s.id])), { added: 0 });
  const missing = DEMO_SUBJECTS.filter((s) => !ids.has(s.name));
  if (missing.length) {
    const newIds = await allocateIds(models.counters as never, 'subjects', missing.length);
    await models.subjects.insertMany(missing.map((s, i) => ({ id: newIds[i], ...s })));
    missing.forEach((s, i) => ids.set(s.name, newIds[i]));
    ids.added = missing.length;
  }
  return ids;
}

async function ensureTeachers(models: SeedModels, subjectIds: Map<string, number>): Promise<{ ids: Map<string, number>; added: number }> {
  const existing = await models.teachers.find({}, { _id: 0, id: 1, prefix: 1, name: 1 }).lean().exec();
  const ids = new Map(existing.map((t) => [teacherKey(t.prefix, t.name), t.id]));
  const missing = DEMO_TEACHERS.filter((t) => !ids.has(teacherKey(t.prefix, t.name)));
  if (missing.length) {
    const newIds = await allocateIds(models.counters as never, 'teachers', missing.length);
    await models.teachers.insertMany(
      missing.map((t, i) => ({
        _id: teacherOid(newIds[i]),
        id: newIds[i],
        prefix: t.prefix,
        name: t.name,
        searchKey: teacherSearchKey(t.prefix, t.name),
        subjectIds: t.subjects.map((name) => subjectIds.get(name) ?? fail(`unknown subject ${name}`)),
      })),
    );
    missing.forEach((t, i) => ids.set(teacherKey(t.prefix, t.name), newIds[i]));
  }
  return { ids, added: missing.length };
}

async function addMissingReviews(models: SeedModels, teacherIds: Map<string, number>, subjectIds: Map<string, number>): Promise<number> {
  const counted = await models.reviews.aggregate<{ _id: number; count: number }>([
    { $match: { demo: true } },
    { $group: { _id: '$teacherId', count: { $sum: 1 } } },
  ]);
  const present = new Map(counted.map((row) => [row._id, row]));
  const missing: { content: ReviewContent; authorId: string; createdAt: Date }[] = [];
  DEMO_TEACHERS.forEach((teacher, index) => {
    const teacherId = teacherIds.get(teacherKey(teacher.prefix, teacher.name)) ?? fail(`teacher ${teacher.name} missing`);
    const already = present.get(teacherId)?.count ?? 0;
    const planned = demoReviewsFor(teacher, index).slice(already);
    planned.forEach((r, n) => {
      const content = {
        teacherId,
        subjectId: subjectIds.get(r.subjectName) ?? fail(`unknown subject ${r.subjectName}`),
        year: r.year,
        tot_rating: r.tot_rating,
        grades: r.grades,
        flags: r.flags,
        text_rating: r.text_rating,
      };
      missing.push({ content, authorId: demoAuthor(index, already + n), createdAt: r.createdAt });
    });
  });
  if (!missing.length) return 0;
  const ids = missing.map(() => newReviewId()); // opaque, as every review's (data/review-ids.ts)
  // Stored as the write path stores a review that passed its validation when it was written.
  const docs = missing.map(({ content, authorId, createdAt }, i) => {
    const written = { ...newReview(ids[i], reviewOid(ids[i]), authorId, content, createdAt, createdAt), fence: 0 };
    return withDerived({ ...published(written, createdAt), demo: true } as ReviewDoc);
  });
  await models.reviews.insertMany(docs);
  return missing.length;
}

function fail(message: string): never {
  throw new Error(message);
}
