import { Schema } from 'mongoose';

/**
 * The reviews collection's declared indexes (the document itself is typed in review.ts and written
 * whole by data/review-store.ts): `_id` (every lookup), and the unique author/teacher/subject/year
 * that makes a second review of the same class by the same user a 409; `teacherId` for the erasure
 * of a delisted teacher's reviews once their retention period is over (a rare background job).
 */
export const ReviewSchema = new Schema({}, { collection: 'reviews', strict: false, versionKey: false, id: false, autoCreate: true });
ReviewSchema.index({ authorId: 1, teacherId: 1, subjectId: 1, year: 1 }, { unique: true });
ReviewSchema.index({ teacherId: 1 });
