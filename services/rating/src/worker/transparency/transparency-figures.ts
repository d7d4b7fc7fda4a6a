import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { ReviewStore } from '../../app/data/review-store';
import { TransparencyStore } from '../../app/data/transparency-store';
import { FIGURES_PROJECTION, monthlyFigures } from '../../app/transparency/figures';
import { type WorkerConfig } from '../../config/worker-config';

/**
 * The transparency figures from every review (one pass of a cursor, holding none), stored for the API. A full pass, so once
 * per TRANSPARENCY_INTERVAL over all the workers (TransparencyStore.claim): not again at each worker's start.
 */
@Injectable()
export class TransparencyFigures {
  private readonly logger = new Logger('Transparency');

  constructor(
    @Inject(ReviewStore) private readonly reviews: ReviewStore,
    @Inject(TransparencyStore) private readonly store: TransparencyStore,
    @Inject(APP_CONFIG) private readonly config: WorkerConfig,
  ) {}

  async refreshIfDue(now = new Date()): Promise<boolean> {
    if (!(await this.store.claim(now, this.config.TRANSPARENCY_INTERVAL))) return false;
    await this.store.save(await monthlyFigures(this.reviews.scan({}, FIGURES_PROJECTION), now), now);
    this.logger.log({ msg: 'transparency figures computed' });
    return true;
  }
}
