import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { ReviewStore } from '../../app/data/review-store';
import { TransparencyStore } from '../../app/data/transparency-store';
import { monthlyFigures } from '../../app/transparency/figures';
import { type WorkerConfig } from '../../config/worker-config';

/**
 * Computes the transparency page's figures from every review document (one pass of a cursor over
 * the collection, in the background, holding none of them) and stores them; the API serves the stored figures. Runs with the
 * reconciler, at most once per TRANSPARENCY_INTERVAL per worker process (repeatable: a missed run
 * is made up at the next pass).
 */
@Injectable()
export class TransparencyFigures {
  private readonly logger = new Logger('Transparency');
  private last = 0;

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TransparencyStore) private readonly store: TransparencyStore,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  async refreshIfDue(now = new Date()): Promise<boolean> {
    if (now.getTime() - this.last < this.config.TRANSPARENCY_INTERVAL) return false;
    this.last = now.getTime();
    await this.store.save(await monthlyFigures(this.reviews.scan(), now), now);
    this.logger.log({ msg: 'transparency figures computed' });
    return true;
  }
}
