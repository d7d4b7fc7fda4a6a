import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { DataModule } from '../app/data/data.module';
import { EventRelay } from '../app/moderation/event-relay';
import { TransparencyFigures } from './transparency/transparency-figures';
import { Publisher } from '../app/publication/publisher';
import { type WorkerConfig } from '../config/worker-config';
import { DelistedErasureService } from './erasure/delisted-erasure.service';
import { UserErasureService } from './erasure/user-erasure.service';
import { UserEventsWorker } from './erasure/user-events-worker.service';
import { MongooseModule } from '@nestjs/mongoose';
import { JobReceipt, JobReceiptSchema } from '../app/data/job-receipt.schema';
import { Reconciler } from './reconciler';
import { ClassBreakdowns } from './breakdown/class-breakdowns';
import { PublicationWorker } from './publication-worker.service';
import { RetentionSweep } from './retention/retention-sweep';

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot({
          config,
          metricsName: 'rating-worker',
          database: {
            uri: config.MONGODB_URI,
            dbName: config.MONGODB_DB,
            minPoolSize: config.MONGODB_MIN_POOL_SIZE,
            maxPoolSize: config.MONGODB_MAX_POOL_SIZE,
          },
          health: { service: 'rating', redisUrl: config.REDIS_URL, version },
        }),
        DataModule,
        MongooseModule.forFeature([{ name: JobReceipt.name, schema: JobReceiptSchema }]),
      ],
      providers: [
        PublicationWorker,
        Reconciler,
        Publisher,
        EventRelay,
        TransparencyFigures,
        ClassBreakdowns,
        RetentionSweep,
        UserErasureService,
        DelistedErasureService,
        UserEventsWorker,
      ],
    };
  }
}
