import { type DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { type DatabaseSettings, mongooseOptions } from './mongoose-options';

/** The service's default mongoose connection, to its own database, with bounded start-up retries. */
@Module({})
export class DatabaseModule {
  static forRoot(settings: DatabaseSettings): DynamicModule {
    const { uri, ...options } = mongooseOptions(settings);
    return { module: DatabaseModule, imports: [MongooseModule.forRoot(uri, options)], exports: [MongooseModule] };
  }
}
