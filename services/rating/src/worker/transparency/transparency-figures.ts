import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { ReviewStore } from '../../app/data/review-store';
import { TransparencyStore } from '../../app/data/transparency-store';
import { monthlyFigures } from '../../app/transparency/figures';
import { type WorkerConfig } from '../../config/worker-config';

/** The transparency figures from every review (one pass of a cursor, holding none), stored for the API; at most once per TRANSPARENCY_INTERVAL per process. */
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
