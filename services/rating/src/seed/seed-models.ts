import { type Connection, type Model } from 'mongoose';
import { Counter, CounterSchema } from '../app/counters/counter.schema';
import { Review, ReviewSchema } from '../app/reviews/review.schema';
import { Subject, SubjectSchema } from '../app/subjects/subject.schema';
import { Teacher, TeacherSchema } from '../app/teachers/teacher.schema';

export interface SeedModels {
  counters: Model<Counter>;
  subjects: Model<Subject>;
  teachers: Model<Teacher>;
  reviews: Model<Review>;
}

/** The service's models on a plain mongoose connection (the seed runs without Nest). */
export async function seedModels(connection: Connection): Promise<SeedModels> {
  const models: SeedModels = {
    counters: connection.model<Counter>(Counter.name, CounterSchema),
    subjects: connection.model<Subject>(Subject.name, SubjectSchema),
    teachers: connection.model<Teacher>(Teacher.name, TeacherSchema),
    reviews: connection.model<Review>(Review.name, ReviewSchema),
  };
  await Promise.all(Object.values(models).map((m: Model<unknown>) => m.init()));
  return models;
}
