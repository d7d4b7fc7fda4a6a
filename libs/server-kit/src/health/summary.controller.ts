import { Controller, Get, Inject, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type HealthResponse, healthResponseSchema } from '@pupitre/contracts';
import { zodApiSchema } from '../http/zod-api-schema';
import { DependencyProbes, HEALTH_OPTIONS, type HealthOptions } from './dependency-probes';

/** Builds the controller of the public summary, whose path differs per service. */
export function summaryController(path: string): Type<unknown> {
  @ApiTags('health')
  @Controller()
  class HealthSummaryController {
    constructor(
      @Inject(DependencyProbes) private readonly probes: DependencyProbes,
      @Inject(HEALTH_OPTIONS) private readonly options: HealthOptions,
    ) {}

    @Get(path)
    @ApiOkResponse({ description: 'Service health summary', schema: zodApiSchema(healthResponseSchema) })
    async summary(): Promise<HealthResponse> {
      const report = await this.probes.check();
      const state = (up: boolean): 'up' | 'down' => (up ? 'up' : 'down');
      const checks = { database: state(report.database.up), redis: state(report.redis.up) };
      const ok = report.database.up && report.redis.up;
      return { service: this.options.service, status: ok ? 'ok' : 'degraded', version: this.options.version ?? '0.0.0', checks };
    }
  }
  return HealthSummaryController;
}
