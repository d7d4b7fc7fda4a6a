import { Global, Module } from '@nestjs/common';
import { getConnectionToken, getModelToken, MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type Connection } from 'mongoose';
import { ClassClaims } from './class-claims';
import { DatabaseSetup } from './database-setup';
import { EventOutbox } from './event-outbox';
import { CatalogueStore } from './catalogue-store';
import { IdempotencyKeys } from './idempotency-keys';
import { IntervalClaims } from './interval-claims';
import { ModerationLog } from './moderation-log';
import { ProfileStore } from './profile-store';
import { TransparencyStore } from './transparency-store';
import { ReviewStore } from './review-store';
import { ReviewVotes } from './review-votes';
import { ObjectionStore } from './objection-store';
import { MODELS } from './schemas';
import { TaskStore } from './task-store';
import { TeacherStatsStore } from './teacher-stats-store';
import { UserStore } from './user-store';

/** The collections whose indexes the service declares (built at start-up; the query-shape check reads them). */
const models = MongooseModule.forFeature(MODELS);

type Config = { QUEUE_PREFIX: string; REDIS_URL: string };
const fromConnection = <T>(make: (connection: Connection) => T) => ({ inject: [getConnectionToken()], useFactory: make });

const stores = [
  {
    provide: TeacherStatsStore,
    ...fromConnection((conn) => new TeacherStatsStore(conn.collection('teacher_stats') as never, conn.getClient() as never)),
  },
  {
    provide: ReviewStore,
    inject: [getConnectionToken(), TeacherStatsStore],
    useFactory: (conn: Connection, stats: TeacherStatsStore) =>
      new ReviewStore(conn.collection('reviews') as never, stats, new ClassClaims(conn.collection('review_claims') as never)),
  },
  {
    provide: ReviewVotes,
    inject: [getConnectionToken(), TeacherStatsStore],
    useFactory: (conn: Connection, stats: TeacherStatsStore) => new ReviewVotes(conn.collection('reviews') as never, stats),
  },
  { provide: UserStore, ...fromConnection((conn) => new UserStore(conn.collection('user_index') as never)) },
  { provide: TaskStore, ...fromConnection((conn) => new TaskStore(conn.collection('review_tasks') as never)) },
  { provide: IdempotencyKeys, ...fromConnection((conn) => new IdempotencyKeys(conn)) },
  { provide: TransparencyStore, ...fromConnection((conn) => new TransparencyStore(conn.collection('transparency') as never)) },
  { provide: IntervalClaims, ...fromConnection((conn) => new IntervalClaims(conn.collection('worker_timers') as never)) },
  { provide: ProfileStore, ...fromConnection((conn) => new ProfileStore(conn.collection('profiles') as never)) },
  {
    provide: ModerationLog,
    ...fromConnection(
      (conn) => new ModerationLog(conn.collection('moderation_actions') as never, conn.collection('moderation_reads') as never),
    ),
  },
  {
    provide: ObjectionStore,
    ...fromConnection((conn) => new ObjectionStore(conn.collection('objections') as never, conn.getClient() as never)),
  },
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
];

// The repository layer, shared by the API and the worker: every database call of the business code
// goes through these stores; each write is atomic, a compare-and-set, or a transaction of them.
@Global()
@Module({
  imports: [models],
  providers: [...stores, DatabaseSetup],
  exports: [models, ...stores.map((store) => store.provide)],
})
export class DataModule {}
