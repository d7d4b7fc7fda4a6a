import { useTestDatabase } from '@pupitre/server-kit/testing';
import { EventOutbox } from './event-outbox';

jest.setTimeout(30_000);
describe('the event outbox', () => {
  const db = useTestDatabase(__filename);

  it('takes many decisions on one review at once (concurrent upserts of one entry), then forgets the entry', async () => {
    const outbox = new EventOutbox(db.conn.collection('outbox') as never, process.env.REDIS_URL!, `outbox-spec-${process.pid}`);
    try {
      // Moderators (or a retried request) approving the same review together: none may fail.
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => outbox.intend('review', 42)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const [entry] = await outbox.pending(-1_000);
      expect(entry.ref).toBe(42);
      expect(await outbox.done(entry)).toBe(true);
      expect(await outbox.pending(-1_000)).toEqual([]);
    } finally {
      await outbox.onApplicationShutdown();
    }
  });

  it('keeps an entry a decision wrote again after the relay read it (the relay clears only what it relayed)', async () => {
    const outbox = new EventOutbox(db.conn.collection('outbox') as never, process.env.REDIS_URL!, `outbox-spec-${process.pid}`);
    try {
      await outbox.intend('review', 7);
      const [read] = await outbox.pending(-1_000);
      await outbox.intend('review', 7); // a second decision on the same review, after the relay's read
      expect(await outbox.done(read)).toBe(false);
      const [again] = await outbox.pending(-1_000);
      expect(again).toMatchObject({ kind: 'review', ref: 7 });
      expect(await outbox.done(again)).toBe(true);
      expect(await outbox.pending(-1_000)).toEqual([]);
    } finally {
      await outbox.onApplicationShutdown();
    }
  });
});
