import { type DynamicModule, Module } from '@nestjs/common';
import { DependencyProbes, HEALTH_OPTIONS, type HealthOptions } from './dependency-probes';
import { ProbeController } from './probe.controller';
import { summaryController } from './summary.controller';

/**
 * `GET /healthz`, `GET /readyz` and the public summary (`HealthResponse`) at `summaryPath`.
 * Needs the default mongoose connection (MongooseModule.forRoot) in the application.
 */
@Module({})
export class HealthModule {
  static forRoot(options: HealthOptions): DynamicModule {
    return {
      module: HealthModule,
      controllers: options.summaryPath ? [ProbeController, summaryController(options.summaryPath)] : [ProbeController],
      providers: [{ provide: HEALTH_OPTIONS, useValue: options }, DependencyProbes],
      exports: [DependencyProbes],
    };
  }
}
