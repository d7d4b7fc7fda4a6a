import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Response } from 'express';
import { DependencyProbes } from './dependency-probes';

/** Orchestrator probes on the service's own port: liveness and readiness. */
@ApiExcludeController()
@Controller()
export class ProbeController {
  constructor(@Inject(DependencyProbes) private readonly probes: DependencyProbes) {}

  @Get('healthz')
  @HttpCode(200)
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Record<string, unknown>> {
    const report = await this.probes.check();
    const down = (Object.keys(report) as (keyof typeof report)[]).filter((name) => !report[name].up);
    const ready = this.probes.readyDespite(down);
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'unavailable', down, checks: report };
  }
}
