import { Inject, Injectable } from '@nestjs/common';
import { type JobHandler } from '../handlers/job-handler';
import { DelistedErasureService } from './delisted-erasure.service';

/** `erase-delisted` (repeatable, every ERASURE_INTERVAL): erases the delisted teachers whose retention period is over. */
@Injectable()
export class EraseDelistedHandler implements JobHandler<'erase-delisted'> {
  readonly name = 'erase-delisted' as const;

  constructor(@Inject(DelistedErasureService) private readonly erasure: DelistedErasureService) {}

  handle(): Promise<{ teachers: number; reviews: number }> {
    return this.erasure.eraseDue();
  }
}
