import { type Schema } from 'mongoose';
import { IdempotencyKeySchema } from './idempotency-keys';
import { CounterSchema } from './counter.schema';
import { SubjectSchema } from '../subjects/subject.schema';
import { TeacherSchema } from '../teachers/teacher.schema';
import { ReviewSchema } from '../reviews/review.schema';
import { ClassClaimSchema } from './class-claims';
import { ModerationActionSchema, ModerationReadSchema, ProfileSchema } from './social.schema';
import { ObjectionSchema } from './objection.schema';
import { UserIndexSchema } from './user-store';
import { ReviewTaskSchema } from './task-store';
import { TeacherStatsSchema } from './teacher-stats.schema';

// Every collection schema of the rating database (indexes declared here are built by the migration run and checked at start-up).
export {
  ClassClaimSchema,
  CounterSchema,
  ModerationActionSchema,
  ModerationReadSchema,
  ObjectionSchema,
  ProfileSchema,
  ReviewSchema,
  ReviewTaskSchema,
  SubjectSchema,
  TeacherSchema,
  TeacherStatsSchema,
  UserIndexSchema,
};

/** The models whose indexes the service declares (data.module.ts), by name. */
export const MODELS: { name: string; schema: Schema }[] = [
  { name: 'Counter', schema: CounterSchema },
  { name: 'Subject', schema: SubjectSchema },
  { name: 'Teacher', schema: TeacherSchema },
  { name: 'Review', schema: ReviewSchema },
  { name: 'ClassClaim', schema: ClassClaimSchema },
  { name: 'ModerationAction', schema: ModerationActionSchema },
  { name: 'ModerationRead', schema: ModerationReadSchema },
  { name: 'Profile', schema: ProfileSchema },
  { name: 'Objection', schema: ObjectionSchema },
  { name: 'UserIndex', schema: UserIndexSchema },
  { name: 'IdempotencyKey', schema: IdempotencyKeySchema },
  { name: 'ReviewTask', schema: ReviewTaskSchema },
  { name: 'TeacherStats', schema: TeacherStatsSchema },
];
