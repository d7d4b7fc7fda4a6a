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
// The retention sweep (worker/retention/retention-sweep.ts): the reviews holding a decided report by its decision's date (sparse:
// the reviews never reported have no entry), and the detached reviews that are not public by the dates of their detachment and
// last change (partial: detached reviews only; `detachedAt` is set by a user's erasure).
ReviewSchema.index({ 'reports.decidedAt': 1 }, { sparse: true });
ReviewSchema.index({ visible: 1, detachedAt: 1, updatedAt: 1 }, { partialFilterExpression: { detachedAt: { $exists: true } } });
