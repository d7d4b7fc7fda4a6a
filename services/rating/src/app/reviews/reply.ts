import { validateReplyText } from '../validation/text-checks';
import { type Decision, type ReviewDoc, type ReviewReply } from './review';

/** A teacher's reply lives on its review: writing it is one write of the review, like a vote or a report. */

export type ReplyRefusal = 'not-found' | 'not-your-review' | 'already-replied';

/** A reply pending until `publishAt`; refused unless the review is public, about this teacher, and has no reply but a rejected one. */
export function replied(
  current: ReviewDoc,
  userId: string,
  teacherId: number,
  text: string,
  now: Date,
  publishAt: Date,
): { doc: ReviewDoc } | { refused: ReplyRefusal } {
  if (!current.visible || !current.pub) return { refused: 'not-found' };
  if (current.pub.teacherId !== teacherId) return { refused: 'not-your-review' };
  if (current.reply && current.reply.status !== 'rejected') return { refused: 'already-replied' };
  const reply: ReviewReply = {
    authorId: userId,
    text,
    status: 'pending',
    reason: null,
    reasonText: null,
    at: now,
    publishAt,
    publishedAt: null,
  };
  return { doc: { ...current, reply } };
}

/** The automatic checks of a pending reply once due: published, held (a moderator decides) or rejected. Null: nothing to do. */
export function replyValidated(current: ReviewDoc, now: Date): ReviewDoc | null {
  const reply = current.reply;
  if (!reply || reply.status !== 'pending' || new Date(reply.publishAt).getTime() > now.getTime()) return null;
  const verdict = validateReplyText(reply.text);
  if (verdict.action === 'publish') return { ...current, reply: { ...reply, status: 'published', reason: null, publishedAt: now } };
  return { ...current, reply: { ...reply, status: verdict.action === 'hold' ? 'held' : 'rejected', reason: verdict.reason } };
}

/** A moderator approves (public) or rejects (with a reason the teacher reads) a reply. Null when it does not apply. */
export function replyModerated(current: ReviewDoc, action: 'approve' | 'reject', decision: Decision, now: Date): ReviewDoc | null {
  const reply = current.reply;
  if (!reply) return null;
  if (action === 'approve') {
    if (reply.status === 'published') return null;
    return { ...current, reply: { ...reply, status: 'published', reason: null, reasonText: null, publishedAt: now } };
  }
  if (reply.status === 'rejected') return null;
  return { ...current, reply: { ...reply, status: 'rejected', reason: decision.reason, reasonText: decision.text, publishedAt: null } };
}

export const replyPending = (doc: Pick<ReviewDoc, 'reply'>): boolean => doc.reply?.status === 'pending';
