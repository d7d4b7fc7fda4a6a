import { useTestDatabase } from '@pupitre/server-kit/testing';
import { type Model } from 'mongoose';
import { detectDbTraits } from '../data/db-traits';
import { reviewOid, teacherOid } from '../data/keys';
import { Teacher, TeacherSchema } from '../teachers/teacher.schema';
import { ReviewLedger } from './ledger';
import { type Review, ReviewSchema } from './review.schema';

jest.setTimeout(30_000);
describe('aggregate ops applied in bursts', () => {
  const db = useTestDatabase(__filename);
  let reviews: Model<Review>;
  let teachers: Model<Teacher>;

  beforeAll(async () => {
    await detectDbTraits(db.conn);
    reviews = db.conn.model<Review>('Review', ReviewSchema);
    teachers = db.conn.model<Teacher>(Teacher.name, TeacherSchema);
  });

  it('counts each of 40 concurrent publications on one teacher once, even when every one is settled twice', async () => {
    await teachers.collection.insertOne({ _id: teacherOid(1), id: 1, prefix: 'M.', name: 'Burst', searchKey: 'm burst', subjectIds: [1], reviewCount: 0, ratingSum: 0, ops: [], archived: false });
    const docs = Array.from({ length: 40 }, (_, i) => ({
      _id: reviewOid(i + 1),
      id: i + 1,
      aggPending: { key: `${i + 1}.1`, from: null, to: { teacherId: 1, tot: (i % 10) + 1 } },
    }));
    await reviews.collection.insertMany(docs as never);
    const ledger = new ReviewLedger(reviews, teachers);
    const settleAll = () => Promise.all(docs.map((d) => ledger.settle(d as unknown as Review)));
    await Promise.all([settleAll(), settleAll()]);
    const teacher = await teachers.findOne({ _id: teacherOid(1) }).lean().exec();
    expect(teacher).toMatchObject({ reviewCount: 40, ratingSum: docs.reduce((s, d) => s + d.aggPending.to.tot, 0) });
    expect(new Set(teacher!.ops).size).toBe(40);
    expect(await reviews.countDocuments({ 'aggPending.key': { $exists: true } })).toBe(0);
  });
});
