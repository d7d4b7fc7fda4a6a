import { ensureIndexes } from '@pupitre/server-kit';
import { type Connection, type Model } from 'mongoose';
import { ClassClaims } from '../app/data/class-claims';
import { runMigrations } from '../app/data/migrations';
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
  claims: ClassClaims;
}

export async function seedModels(connection: Connection): Promise<SeedModels> {
  // Data first, models after: creating a model starts its index builds.
  await runMigrations(connection);
  const models: SeedModels = {
    counters: connection.model<Counter>(Counter.name, CounterSchema),
    subjects: connection.model<Subject>(Subject.name, SubjectSchema),
    teachers: connection.model<Teacher>(Teacher.name, TeacherSchema),
    reviews: connection.model<ReviewDoc>('Review', ReviewSchema),
    stats: new TeacherStatsStore(connection.collection('teacher_stats') as never, connection.getClient() as never),
    claims: new ClassClaims(connection.collection('review_claims') as never),
  };
  await ensureIndexes([models.counters, models.subjects, models.teachers, models.reviews]);
  return models;
}
