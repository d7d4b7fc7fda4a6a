// Ids are handed out by one `$inc` on a counter document. The counter's first write is never a
// concurrent upsert with `$inc` (DocumentDB loses such increments): racing allocators on a sequence
// that does not exist yet still get distinct, consecutive ids.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { allocateIds } from './allocate-ids';

describe('allocateIds', () => {
  const db = useTestDatabase(__filename);

  it('20 allocators racing on a new sequence get 20 distinct consecutive ids', async () => {
    const counters = db.conn.collection('counters');
    const ids = await Promise.all(Array.from({ length: 20 }, () => allocateIds(counters as never, 'fresh')));
    expect(ids.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await counters.findOne({ _id: 'fresh' as never })).toMatchObject({ seq: 20 });
  });

  it('blocks of ids do not overlap, and the counter keeps counting from there', async () => {
    const counters = db.conn.collection('counters');
    const blocks = await Promise.all(Array.from({ length: 10 }, () => allocateIds(counters as never, 'blocks', 5)));
    expect(blocks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    for (const block of blocks) expect(block).toEqual(Array.from({ length: 5 }, (_, i) => block[0] + i));
    await expect(allocateIds(counters as never, 'blocks')).resolves.toEqual([51]);
  });

  it('refuses a count that is not a positive integer', async () => {
    await expect(allocateIds(db.conn.collection('counters') as never, 'x', 0)).rejects.toThrow('positive integer');
  });
});
