import { Inject, Injectable } from '@nestjs/common';
import { USER_ERASED_JOB, userErasedJobId, type UserErasedEvent, userErasedEventSchema } from '@pupitre/contracts';
import { type Queue } from 'bullmq';
import { USER_EVENTS } from '../shared/redis.provider';

/** Puts `user-erased` on the `user-events` queue; the rating worker erases that user's data. */
@Injectable()
export class UserEventsProducer {
  constructor(@Inject(USER_EVENTS) private readonly queue: Queue) {}

  async userErased(userId: string, erasedAt = new Date()): Promise<void> {
    const event: UserErasedEvent = userErasedEventSchema.parse({ userId, erasedAt: erasedAt.toISOString() });
    await this.queue.add(USER_ERASED_JOB, event, { jobId: userErasedJobId(userId) });
  }
}
