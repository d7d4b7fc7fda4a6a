import { ensureIndexes } from '@pupitre/server-kit';
import { type Connection, type Model } from 'mongoose';
import { publishedReview } from './run-seed';
import { migrateToDerivedKeys } from '../app/data/derived-keys.migration';
import { migrateToSingleDocuments } from '../app/data/single-document.migration';
import { migrateToIndexedReads } from '../app/data/indexed-reads.migration';
import { Counter, CounterSchema } from '../app/data/counter.schema';
import { TeacherStatsStore } from '../app/data/teacher-stats-store';
import { type ReviewDoc } from '../app/reviews/review';
import { ReviewSchema } from '../app/reviews/review.schema';
import { Subject, SubjectSchema } from '../app/subjects/subject.schema';
import { Teacher, TeacherSchema } from '../app/teachers/teacher.schema';

export interface SeedModels {
  counters: Model<Counter>;
  subjects: Model<Subject>;
  teachers: Model<Teacher>;
  reviews: Model<ReviewDoc>;
  stats: TeacherStatsStore;
}

/** The service's models on a plain mongoose connection (the seed runs without Nest). */
export async function seedModels(connection: Connection): Promise<SeedModels> {
  // Data first, models after: creating a model starts its index builds (the unique ones would fail on old data).
  await migrateLegacyDemoReviews(connection);
  await migrateToDerivedKeys(connection);
  await migrateToSingleDocuments(connection);
  await migrateToIndexedReads(connection);
  const models: SeedModels = {
    counters: connection.model<Counter>(Counter.name, CounterSchema),
    subjects: connection.model<Subject>(Subject.name, SubjectSchema),
    teachers: connection.model<Teacher>(Teacher.name, TeacherSchema),
    reviews: connection.model<ReviewDoc>('Review', ReviewSchema),
    stats: new TeacherStatsStore(connection.collection('teacher_stats') as never, connection.getClient() as never),
  };
  await ensureIndexes([models.counters, models.subjects, models.teachers, models.reviews]);
  return models;
}

/**
 * Demo reviews written before the review model (authorId `seed`, no published version) are brought
 * to it, before the unique (author, teacher, subject, year) index is built.
 */
async function migrateLegacyDemoReviews(connection: Connection): Promise<void> {
  const reviews = connection.collection('reviews');
  const legacy = await reviews.find({ authorId: 'seed' }).toArray();
  if (!legacy.length) return;
  const updates = legacy.map((r) => {
    const content = {
      teacherId: r.teacherId,
      subjectId: r.subjectId,
      year: r.year,
      tot_rating: r.tot_rating,
      grades: r.grades,
      flags: r.flags,
      text_rating: r.text_rating ?? '',
    };
    const { authorId: _a, ...fresh } = publishedReview(content, `demo-legacy-${r.id}`, r.createdAt);
    return {
      updateOne: { filter: { _id: r._id }, update: { $set: { ...fresh, authorId: `demo-legacy-${r.id}` }, $unset: { publishedAt: '' } } },
    };
  });
  if (updates.length) await reviews.bulkWrite(updates);
}
