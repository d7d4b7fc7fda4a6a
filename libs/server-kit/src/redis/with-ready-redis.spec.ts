import { type Redis } from 'ioredis';
import { DependencyUnavailableError } from '../http/unavailable';
import { withReadyRedis } from './redis-connection';

describe('withReadyRedis', () => {
  it.each(['connecting', 'reconnecting', 'end', 'close'])('starts nothing on a connection %s: unavailable at once', async (status) => {
    const work = jest.fn(async () => 'added');
    await expect(withReadyRedis({ status: status as Redis['status'] }, work)).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(work).not.toHaveBeenCalled();
  });

  it('runs the work on a ready connection', async () => {
    await expect(withReadyRedis({ status: 'ready' }, async () => 'added')).resolves.toBe('added');
  });

  it('starts nothing for a second after Redis failed to answer in time, then runs again', async () => {
    const hung = new Promise<never>(() => undefined);
    await expect(withReadyRedis({ status: 'ready' }, () => hung, 20)).rejects.toBeInstanceOf(DependencyUnavailableError);
    const work = jest.fn(async () => 'added');
    await expect(withReadyRedis({ status: 'ready' }, work)).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(work).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 1100));
    await expect(withReadyRedis({ status: 'ready' }, work)).resolves.toBe('added');
  });
});
