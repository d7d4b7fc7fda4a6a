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
      expect((await outbox.pending(-1_000)).map((e) => e.ref)).toEqual([42]);
      await outbox.done('review', 42);
      expect(await outbox.pending(-1_000)).toEqual([]);
    } finally {
      await outbox.onApplicationShutdown();
    }
  });
});
