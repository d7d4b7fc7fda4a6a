import { Schema } from 'mongoose';
import { type CommunityCategory } from '@pupitre/contracts';

// Indexes: `teacherId` (a delisted teacher's erasure); per list key one for the community (then `teacherId`, to leave delisted teachers out) and one
// per teacher; `flagged, updatedAt` (moderation queue). One review per author and class: `review_claims` (data/class-claims.ts).
export const ReviewSchema = new Schema({}, { collection: 'reviews', strict: false, versionKey: false, id: false, autoCreate: true });
ReviewSchema.index({ teacherId: 1 });
for (const category of ['recent', 'highest', 'lowest', 'relevant'] satisfies CommunityCategory[]) {
  ReviewSchema.index({ [`keys.${category}`]: -1, id: -1, teacherId: 1 });
  ReviewSchema.index({ teacherId: 1, [`keys.${category}`]: -1, id: -1 });
}
ReviewSchema.index({ flagged: 1, updatedAt: 1 });
// The approved versions waiting for their release (publication/publisher.ts): the field exists on those only.
ReviewSchema.index({ releaseAt: 1 });
// A user's erasure finds their traces by these (worker/erasure/user-erasure.service.ts): votes, reports, reviews, replies.
ReviewSchema.index({ 'voters.u': 1 });
ReviewSchema.index({ 'reports.userId': 1 });
ReviewSchema.index({ authorId: 1 });
ReviewSchema.index({ 'reply.authorId': 1 });
