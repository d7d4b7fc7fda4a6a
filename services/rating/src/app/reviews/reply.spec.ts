import { Types } from 'mongoose';
import { published, newReview, type ReviewDoc } from './review';
import { replied, replyModerated, replyValidated } from './reply';

const now = new Date('2025-05-01T10:00:00Z');
const later = new Date('2025-05-01T10:10:00Z');
const content = { teacherId: 7, subjectId: 2, year: 1, tot_rating: 6, grades: {}, flags: {}, text_rating: 'Fine' };
const publicReview = (): ReviewDoc => published({ ...newReview(1, new Types.ObjectId(), 'author', content, now, now), fence: 0 }, now);

describe('a teacher reply', () => {
  it('is pending, then published by the automatic checks once due', () => {
    const r = replied(publicReview(), 'teacher-account', 7, 'Merci pour cet avis, je prends note.', now, later);
    if (!('doc' in r)) throw new Error('refused');
    expect(r.doc.reply).toMatchObject({ status: 'pending', authorId: 'teacher-account' });
    expect(replyValidated(r.doc, now)).toBeNull();
    expect(replyValidated(r.doc, later)?.reply).toMatchObject({ status: 'published', publishedAt: later });
  });

  it('is refused on another teacher’s review, a review not public, or a second time', () => {
    expect(replied(publicReview(), 'x', 8, 'Bonjour', now, later)).toEqual({ refused: 'not-your-review' });
    expect(replied({ ...publicReview(), visible: false }, 'x', 7, 'Bonjour', now, later)).toEqual({ refused: 'not-found' });
    const first = replied(publicReview(), 'x', 7, 'Bonjour', now, later) as { doc: ReviewDoc };
    expect(replied(first.doc, 'x', 7, 'Encore', now, later)).toEqual({ refused: 'already-replied' });
  });

  it('is held on a threat and rejected on personal data; a moderator approves or rejects it', () => {
    const threat = (replied(publicReview(), 'x', 7, 'I will kill you', now, later) as { doc: ReviewDoc }).doc;
    const held = replyValidated(threat, later)!;
    expect(held.reply).toMatchObject({ status: 'held', reason: 'threat' });
    expect(replyModerated(held, 'approve', { reason: null, text: null }, later)?.reply?.status).toBe('published');
    const rejected = replyModerated(held, 'reject', { reason: 'threat', text: null }, later)!;
    expect(rejected.reply).toMatchObject({ status: 'rejected', reason: 'threat' });
    expect(replyModerated(rejected, 'reject', { reason: 'threat', text: null }, later)).toBeNull();
    const mail = (replied(publicReview(), 'x', 7, 'Appelez-moi au 06 12 34 56 78', now, later) as { doc: ReviewDoc }).doc;
    expect(replyValidated(mail, later)?.reply).toMatchObject({ status: 'rejected', reason: 'personal-data' });
  });
});
