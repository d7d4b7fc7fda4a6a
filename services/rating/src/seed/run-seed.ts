import { allocateIds } from '../app/counters/allocate-ids';
import { teacherSearchKey } from '../app/teachers/search-key';
import { demoReviewsFor } from './demo-reviews';
import { DEMO_SUBJECTS } from './demo-subjects';
import { DEMO_TEACHERS } from './demo-teachers';
import { recomputeTeacherAggregates } from './recompute-aggregates';
import { type SeedModels } from './seed-models';

export interface SeedSummary {
  subjectsAdded: number;
  teachersAdded: number;
  reviewsAdded: number;
  teachersUpdated: number;
}

export const SEED_AUTHOR = 'seed';

/**
 * Loads the demo school: subjects (by name), teachers (by prefix and name) and their published demo
 * reviews, then sets the teachers' aggregates from the reviews. Only what is missing is added, so a
 * second run changes nothing (and an interrupted run is completed by the next one).
 */
export async function runSeed(models: SeedModels): Promise<SeedSummary> {
  const summary: SeedSummary = { subjectsAdded: 0, teachersAdded: 0, reviewsAdded: 0, teachersUpdated: 0 };

  const subjectIds = new Map<string, number>();
  for (const subject of DEMO_SUBJECTS) {
    const existing = await models.subjects.findOne({ name: subject.name }, { id: 1 }).lean().exec();
    if (existing) subjectIds.set(subject.name, existing.id);
    else {
      const [id] = await allocateIds(models.counters, 'subjects');
      await models.subjects.create({ id, ...subject });
      subjectIds.set(subject.name, id);
      summary.subjectsAdded++;
    }
  }

  for (const [index, teacher] of DEMO_TEACHERS.entries()) {
    let doc = await models.teachers.findOne({ prefix: teacher.prefix, name: teacher.name }, { id: 1 }).lean().exec();
    if (!doc) {
      const [id] = await allocateIds(models.counters, 'teachers');
      const subjects = teacher.subjects.map((name) => subjectIds.get(name) ?? fail(`unknown subject ${name}`));
      doc = await models.teachers.create({ id, prefix: teacher.prefix, name: teacher.name, searchKey: teacherSearchKey(teacher.prefix, teacher.name), subjectIds: subjects });
      summary.teachersAdded++;
    }
    summary.reviewsAdded += await addMissingReviews(models, doc.id, index, subjectIds);
  }

  summary.teachersUpdated = await recomputeTeacherAggregates(models.teachers, models.reviews);
  return summary;
}

async function addMissingReviews(models: SeedModels, teacherId: number, index: number, subjectIds: Map<string, number>): Promise<number> {
  const planned = demoReviewsFor(DEMO_TEACHERS[index], index);
  const present = await models.reviews.countDocuments({ teacherId, authorId: SEED_AUTHOR }).exec();
  const missing = planned.slice(present);
  if (!missing.length) return 0;
  const ids = await allocateIds(models.counters, 'reviews', missing.length);
  await models.reviews.insertMany(
    missing.map((r, i) => ({
      id: ids[i],
      teacherId,
      subjectId: subjectIds.get(r.subjectName) ?? fail(`unknown subject ${r.subjectName}`),
      year: r.year,
      tot_rating: r.tot_rating,
      grades: r.grades,
      flags: r.flags,
      text_rating: r.text_rating,
      status: 'published',
      authorId: SEED_AUTHOR,
      createdAt: r.createdAt,
      publishedAt: r.createdAt,
    })),
  );
  return missing.length;
}

function fail(message: string): never {
  throw new Error(message);
}
