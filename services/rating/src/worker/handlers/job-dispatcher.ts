import { Inject, Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { JOB_HANDLERS, type JobHandler } from './job-handler';

/** Routes each job to the handler registered for its name; unknown names fail without retries. */
@Injectable()
export class JobDispatcher {
  private readonly handlers: Map<string, JobHandler>;

  constructor(@Inject(JOB_HANDLERS) handlers: JobHandler[]) {
    this.handlers = new Map(handlers.map((h) => [h.name, h]));
  }

  get names(): string[] {
    return [...this.handlers.keys()];
  }

  dispatch(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name);
    if (!handler) throw new UnrecoverableError(`no handler for job "${job.name}" (known: ${this.names.join(', ')})`);
    return handler.handle(job as never);
  }
}
