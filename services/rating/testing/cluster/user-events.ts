// What the auth service does to the shared Redis when an account is deleted, without running it:
// every session of the user ends (session version + 1) and `user-erased` is queued on `user-events`
// (same payload, job id and retry policy as services/auth/src/app/events/user-events.producer.ts).
import { USER_ERASED_JOB, USER_EVENTS_QUEUE, userErasedEventSchema, userErasedJobId, sessionVersionKey } from '@pupitre/contracts';
import { createQueueConnection } from '@pupitre/server-kit';
import { Queue } from 'bullmq';

export async function eraseUserAsAuthDoes(redisUrl: string, queuePrefix: string, userId: string): Promise<void> {
  const connection = createQueueConnection(redisUrl);
  const queue = new Queue(USER_EVENTS_QUEUE, {
    connection,
    prefix: queuePrefix,
    defaultJobOptions: { attempts: 10, backoff: { type: 'exponential', delay: 1000 } },
  });
  try {
    await connection.incr(sessionVersionKey(userId));
    await queue.add(USER_ERASED_JOB, userErasedEventSchema.parse({ userId, erasedAt: new Date().toISOString() }), {
      jobId: userErasedJobId(userId),
    });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
