// Every collection schema of the rating database (indexes declared here are built at start-up).
export { CounterSchema } from './counter.schema';
export { SubjectSchema } from '../subjects/subject.schema';
export { TeacherSchema } from '../teachers/teacher.schema';
export { ReviewSchema } from '../reviews/review.schema';
export { ClassClaimSchema } from './class-claims';
export { ModerationActionSchema, ProfileSchema } from './social.schema';
export { ObjectionSchema } from './objection.schema';
export { UserIndexSchema } from './user-store';
export { ReviewTaskSchema } from './task-store';
