import { type Redis } from 'ioredis';

/** The Redis key of the public cache generation, and the channel announcing each new one. */
export const generationKey = (queuePrefix: string) => `${queuePrefix}:rating:cache-generation`;
export const generationChannel = (queuePrefix: string) => `${generationKey(queuePrefix)}:changed`;

/** Moves every API process's public cache to a new generation (the API, the worker and the catalogue CLI). */
export async function bumpGeneration(redis: Redis, queuePrefix: string): Promise<number> {
  const generation = await redis.incr(generationKey(queuePrefix));
  await redis.publish(generationChannel(queuePrefix), String(generation));
  return generation;
}
