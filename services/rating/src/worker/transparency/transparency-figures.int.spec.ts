// The transparency figures are a pass over every review: computed once per interval over all the workers, not again by a
// worker that starts while they are fresh, and served by the API once computed.
import { request } from '@pupitre/server-kit/testing';
import { transparencySchema } from '@pupitre/contracts';
import { ReviewStore } from '../../app/data/review-store';
import { TransparencyStore } from '../../app/data/transparency-store';
import { type Harness, startHarness, waitFor } from '../../../testing/rating-harness';
import { TransparencyFigures } from './transparency-figures';

jest.setTimeout(60_000);

describe('transparency figures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(__filename);
  });
  afterAll(() => h?.close());

  const served = async () => transparencySchema.parse((await request(h.api.url).get('/api/transparency').expect(200)).body);

  it('none before a worker computed them; a starting worker computes them, and they are served', async () => {
    expect(await served()).toEqual({ generated_at: null, months: [] });
    await h.startWorker();
    const figures = await waitFor(async () => ((await served()).generated_at ? served() : null), 15_000, 'the figures');
    expect(figures.months).toHaveLength(12);
    expect(figures.months.reduce((sum, m) => sum + m.published, 0)).toBeGreaterThan(0);
  });

  it('once per interval over all the workers: not again at a start, one of two at once when due', async () => {
    const worker = h.worker!.app;
    const interval = h.workerConfig.TRANSPARENCY_INTERVAL;
    // A second worker process: the same classes on the same database.
    const [a, b] = [
      worker.get(TransparencyFigures),
      new TransparencyFigures(worker.get(ReviewStore), worker.get(TransparencyStore), h.workerConfig),
    ];
    const first = (await served()).generated_at!;
    expect(await b.refreshIfDue(new Date())).toBe(false);
    expect(await a.refreshIfDue(new Date(Date.now() + interval / 2))).toBe(false);
    expect((await served()).generated_at).toBe(first);

    const due = new Date(new Date(first).getTime() + interval + 1000);
    const taken = await Promise.all([a.refreshIfDue(due), b.refreshIfDue(due), a.refreshIfDue(due), b.refreshIfDue(due)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect((await served()).generated_at).toBe(due.toISOString());
  });
});
