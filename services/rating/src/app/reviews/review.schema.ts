import { Schema } from 'mongoose';
import { type CommunityCategory } from '@pupitre/contracts';

// Indexes: unique author/teacher/subject/year (a second review of a class: 409); `teacherId` (erasure); per list key one for the
// community (then `teacherId`, to leave delisted teachers out) and one per teacher; `flagged, updatedAt` (moderation queue).
export const ReviewSchema = new Schema({}, { collection: 'reviews', strict: false, versionKey: false, id: false, autoCreate: true });
ReviewSchema.index({ authorId: 1, teacherId: 1, subjectId: 1, year: 1 }, { unique: true });
ReviewSchema.index({ teacherId: 1 });
for (const category of ['recent', 'highest', 'lowest', 'relevant'] satisfies CommunityCategory[]) {
  ReviewSchema.index({ [`keys.${category}`]: -1, id: -1, teacherId: 1 });
  ReviewSchema.index({ teacherId: 1, [`keys.${category}`]: -1, id: -1 });
}
ReviewSchema.index({ flagged: 1, updatedAt: 1 });
