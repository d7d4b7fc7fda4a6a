import { type DynamicModule, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics.registry';

/** `GET /metrics` (Prometheus text) and the registry the HTTP timing middleware writes to. */
@Module({})
export class MetricsModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [{ provide: MetricsRegistry, useValue: new MetricsRegistry(service) }],
      exports: [MetricsRegistry],
    };
  }
}
