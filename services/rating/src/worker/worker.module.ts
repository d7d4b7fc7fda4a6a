import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { DataModule } from '../app/data/data.module';
import { EventRelay } from '../app/moderation/event-relay';
import { TransparencyFigures } from './transparency/transparency-figures';
import { Publisher } from '../app/publication/publisher';
import { type WorkerConfig } from '../config/worker-config';
import { DelistedErasureService } from './erasure/delisted-erasure.service';
import { EraseDelistedHandler } from './erasure/erase-delisted.handler';
import { UserErasureService } from './erasure/user-erasure.service';
import { UserEventsWorker } from './erasure/user-events-worker.service';
import { JobDispatcher } from './handlers/job-dispatcher';
import { JOB_HANDLERS, type JobHandler } from './handlers/job-handler';
import { getModelToken, MongooseModule } from '@nestjs/mongoose';
import { JobReceipt, JobReceipts, JobReceiptSchema } from '../app/data/job-receipt.schema';
import { ProbeHandler } from './probe/probe.handler';
import { PublicationWorker } from './publication-worker.service';
import { PublishReviewHandler } from './publication/publish-review.handler';
import { ReconcileHandler } from './publication/reconcile.handler';

/** Handlers of `review-publication`, one per job name. */
const HANDLERS = [ProbeHandler, PublishReviewHandler, ReconcileHandler, EraseDelistedHandler];

/** Root module of the rating worker process: the queue consumers plus /healthz, /readyz, /metrics. */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot({
          config,
          metricsName: 'rating-worker',
          database: { uri: config.MONGODB_URI, dbName: config.MONGODB_DB },
          health: { service: 'rating', redisUrl: config.REDIS_URL, version },
        }),
        DataModule,
        MongooseModule.forFeature([{ name: JobReceipt.name, schema: JobReceiptSchema }]),
      ],
      providers: [
        ...HANDLERS,
        { provide: JOB_HANDLERS, inject: HANDLERS, useFactory: (...handlers: JobHandler[]) => handlers },
        JobDispatcher,
        PublicationWorker,
        { provide: JobReceipts, inject: [getModelToken(JobReceipt.name)], useFactory: (model: never) => new JobReceipts(model) },
        Publisher,
        EventRelay,
        TransparencyFigures,
        UserErasureService,
        DelistedErasureService,
        UserEventsWorker,
      ],
    };
  }
}
