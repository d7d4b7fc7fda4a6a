import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getConnectionToken, getModelToken, MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, createCommandConnection } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type Connection } from 'mongoose';
import { ChangeFeed } from './change-feed';
import { DatabaseSetup } from './database-setup';
import { EventOutbox } from './event-outbox';
import { IdAllocator } from './id-allocator';
import { CatalogueStore } from './catalogue-store';
import { IdempotencyKeys } from './idempotency-keys';
import { ModerationLog } from './moderation-log';
import { ProfileStore } from './profile-store';
import { TransparencyStore } from './transparency-store';
import { ReviewStore } from './review-store';
import { ObjectionStore } from './objection-store';
import {
  CounterSchema,
  ModerationActionSchema,
  ObjectionSchema,
  ProfileSchema,
  ReviewSchema,
  SubjectSchema,
  TeacherSchema,
} from './schemas';
import { TaskStore } from './task-store';
import { UserStore } from './user-store';

/** The collections whose indexes the service declares (built at start-up; the query-shape check reads them). */
const models = MongooseModule.forFeature([
  { name: 'Counter', schema: CounterSchema },
  { name: 'Subject', schema: SubjectSchema },
  { name: 'Teacher', schema: TeacherSchema },
  { name: 'Review', schema: ReviewSchema },
  { name: 'ModerationAction', schema: ModerationActionSchema },
  { name: 'Profile', schema: ProfileSchema },
  { name: 'Objection', schema: ObjectionSchema },
]);

/** The service's Redis commands (change notices): one auto-pipelined connection. */
@Injectable()
export class RatingRedis implements OnApplicationShutdown {
  readonly client: Redis;
  constructor(@Inject(APP_CONFIG) config: { REDIS_URL: string }) {
    this.client = createCommandConnection(config.REDIS_URL, () => undefined, { enableAutoPipelining: true });
  }
  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}

type Config = { QUEUE_PREFIX: string; REDIS_URL: string };
const fromConnection = <T>(make: (connection: Connection, feed: ChangeFeed) => T) => ({
  inject: [getConnectionToken(), ChangeFeed],
  useFactory: make,
});

/**
 * The repository layer of the rating service: every database and Redis call of the business code
 * goes through these stores; each write is atomic or a compare-and-set on the document it changes.
 * Shared by the API and the worker.
 */
@Global()
@Module({
  imports: [models],
  providers: [
    RatingRedis,
    {
      provide: ChangeFeed,
      inject: [RatingRedis, APP_CONFIG],
      useFactory: (r: RatingRedis, c: Config) => new ChangeFeed(r.client, c.QUEUE_PREFIX),
    },
    { provide: ReviewStore, ...fromConnection((conn, feed) => new ReviewStore(conn.collection('reviews') as never, feed)) },
    { provide: UserStore, ...fromConnection((conn) => new UserStore(conn.collection('user_index') as never)) },
    { provide: TaskStore, ...fromConnection((conn) => new TaskStore(conn.collection('review_tasks') as never)) },
    { provide: IdAllocator, ...fromConnection((conn) => new IdAllocator(conn.collection('counters') as never)) },
    { provide: IdempotencyKeys, ...fromConnection((conn) => new IdempotencyKeys(conn)) },
    { provide: TransparencyStore, ...fromConnection((conn) => new TransparencyStore(conn.collection('transparency') as never)) },
    { provide: ProfileStore, ...fromConnection((conn) => new ProfileStore(conn.collection('profiles') as never)) },
    { provide: ModerationLog, ...fromConnection((conn) => new ModerationLog(conn.collection('moderation_actions') as never)) },
    { provide: ObjectionStore, ...fromConnection((conn) => new ObjectionStore(conn.collection('objections') as never)) },
    {
      provide: CatalogueStore,
      inject: [getModelToken('Counter'), getModelToken('Subject'), getModelToken('Teacher')],
      useFactory: (counters: never, subjects: never, teachers: never) => new CatalogueStore({ counters, subjects, teachers }),
    },
    {
      provide: EventOutbox,
      inject: [getConnectionToken(), APP_CONFIG],
      useFactory: (conn: Connection, c: Config) => new EventOutbox(conn.collection('outbox') as never, c.REDIS_URL, c.QUEUE_PREFIX),
    },
    DatabaseSetup,
  ],
  exports: [
    models,
    RatingRedis,
    ChangeFeed,
    ReviewStore,
    UserStore,
    TaskStore,
    IdAllocator,
    IdempotencyKeys,
    ProfileStore,
    ModerationLog,
    ObjectionStore,
    CatalogueStore,
    EventOutbox,
    TransparencyStore,
  ],
})
export class DataModule {}
