import { Schema } from 'mongoose';
import { type CommunityCategory } from '@pupitre/contracts';

/**
 * The reviews collection's declared indexes (the document itself is typed in review.ts and written
 * whole by data/review-store.ts): `_id` (every lookup); the unique author/teacher/subject/year that
 * makes a second review of the same class by the same user a 409; `teacherId` for the erasure of a
 * delisted teacher's reviews; per list key (reviews/list-keys.ts) one for the community's lists
 * (then `teacherId`, for leaving delisted teachers out) and one for each teacher's; `flagged` and
 * `updatedAt` for the moderation queue.
 */
export const ReviewSchema = new Schema({}, { collection: 'reviews', strict: false, versionKey: false, id: false, autoCreate: true });
ReviewSchema.index({ authorId: 1, teacherId: 1, subjectId: 1, year: 1 }, { unique: true });
ReviewSchema.index({ teacherId: 1 });
for (const category of ['recent', 'highest', 'lowest', 'relevant'] satisfies CommunityCategory[]) {
  ReviewSchema.index({ [`keys.${category}`]: -1, id: -1, teacherId: 1 });
  ReviewSchema.index({ teacherId: 1, [`keys.${category}`]: -1, id: -1 });
}
ReviewSchema.index({ flagged: 1, updatedAt: 1 });
