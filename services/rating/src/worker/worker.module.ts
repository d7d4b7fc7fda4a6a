import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PlatformModule } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type WorkerConfig } from '../config/worker-config';
import { JobDispatcher } from './handlers/job-dispatcher';
import { JOB_HANDLERS, type JobHandler } from './handlers/job-handler';
import { JobReceipt, JobReceiptSchema } from './probe/job-receipt.schema';
import { ProbeHandler } from './probe/probe.handler';
import { PublicationWorker } from './publication-worker.service';

/** Handlers of `review-publication`, one per job name; add `publish-review` here. */
const HANDLERS = [ProbeHandler];

/** Root module of the rating worker process: the queue consumer plus /healthz, /readyz, /metrics. */
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
        MongooseModule.forFeature([{ name: JobReceipt.name, schema: JobReceiptSchema }]),
      ],
      providers: [
        ...HANDLERS,
        { provide: JOB_HANDLERS, inject: HANDLERS, useFactory: (...handlers: JobHandler[]) => handlers },
        JobDispatcher,
        PublicationWorker,
      ],
    };
  }
}
