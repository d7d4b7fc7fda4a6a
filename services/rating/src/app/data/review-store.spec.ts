import { DependencyUnavailableError } from '@pupitre/server-kit';
import { type ReviewDoc } from '../reviews/review';
import { type ChangeFeed } from './change-feed';
import { type Lease, type Leases } from './leases';
import { ReviewStore, STALE_WRITER_ATTEMPTS, StaleWriterError } from './review-store';

/** A store over one document whose fence is 7, with leases handing out `tokens` in turn. */
function storeWith(tokens: number[]) {
  const doc = { _id: 'r1', id: 1, fence: 7, status: 'pending' } as unknown as ReviewDoc;
  const docs = { findOne: jest.fn(async () => doc), replaceOne: jest.fn(async () => ({})) };
  const leases = {
    run: jest.fn(async (key: string, fn: (lease: Lease) => Promise<unknown>) =>
      fn({ key, token: tokens.shift()!, confirm: async () => undefined }),
    ),
  };
  const feed = { intend: async () => undefined, changed: async () => undefined };
  const store = new ReviewStore(docs as never, leases as unknown as Leases, feed as unknown as ChangeFeed);
  return { store, docs, leases };
}

test('a holder paused past its lease (a newer token on the document) decides again under a new lease, and writes once', async () => {
  const { store, docs, leases } = storeWith([5, 9]);
  const write = await store.change(1, (d) => ({ ...d, status: 'published' }) as ReviewDoc);
  expect(write?.after).toMatchObject({ status: 'published', fence: 9 });
  expect(leases.run).toHaveBeenCalledTimes(2);
  expect(docs.replaceOne).toHaveBeenCalledTimes(1);
});

test('still stale after its attempts: a lost lease (503), never a 500, and nothing written', async () => {
  const { store, docs } = storeWith(Array.from({ length: STALE_WRITER_ATTEMPTS }, () => 3));
  const change = store.change(1, (d) => ({ ...d, status: 'published' }) as ReviewDoc);
  await expect(change).rejects.toBeInstanceOf(StaleWriterError);
  await expect(change).rejects.toBeInstanceOf(DependencyUnavailableError);
  expect(docs.replaceOne).not.toHaveBeenCalled();
});
