import { closeWorker } from './close-worker';

const never = () => new Promise<void>(() => undefined);

describe('closeWorker', () => {
  it('with Redis ready, waits for the running jobs (close without force) and says nothing', async () => {
    let finish!: () => void;
    const worker = { close: jest.fn(() => new Promise<void>((resolve) => (finish = resolve))) };
    const warn = jest.fn();
    const closing = closeWorker(worker, { status: 'ready' }, warn, 1_000);
    await new Promise((r) => setTimeout(r, 20));
    finish();
    await expect(closing).resolves.toBe('drained');
    expect(worker.close).toHaveBeenCalledWith();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['reconnecting', 'connecting', 'end'])('with Redis %s, closes at once with force and says why', async (status) => {
    const worker = { close: jest.fn(async (force?: boolean) => (force ? undefined : never())) };
    const warn = jest.fn();
    await expect(closeWorker(worker, { status: status as 'reconnecting' }, warn, 60_000)).resolves.toBe('forced');
    expect(worker.close).toHaveBeenCalledWith(true);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ redis: status }));
  });

  it('stops waiting after the drain bound when the close never ends (Redis lost during the drain)', async () => {
    const worker = { close: jest.fn(never) };
    const warn = jest.fn();
    const started = Date.now();
    await expect(closeWorker(worker, { status: 'ready' }, warn, 50)).resolves.toBe('cut');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(warn.mock.calls[0][0].msg).toMatch(/not finished within 0.05 s/);
  });
});
