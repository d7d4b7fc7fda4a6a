import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { tracedConnectionOptions } from '../tracing/tracing';
import { IndexesReady } from './indexes-ready';
import { type DatabaseSettings, mongooseOptions } from './mongoose-options';

/** The service's default mongoose connection, to its own database, with bounded start-up retries; ready once its indexes exist. */
@Module({})
export class DatabaseModule {
  /** `service` names the process in the opt-in database trace of the tests (tracing/). */
  static forRoot(settings: DatabaseSettings, service = 'service'): DynamicModule {
    const { uri, ...options } = mongooseOptions(settings);
    return {
      module: DatabaseModule,
      imports: [MongooseModule.forRoot(uri, { ...options, ...tracedConnectionOptions(service) })],
      providers: [IndexesReady],
      exports: [MongooseModule],
    };
  }
}
