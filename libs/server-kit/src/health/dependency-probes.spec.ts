import { type Connection } from 'mongoose';
import { DependencyProbes } from './dependency-probes';

jest.mock('../redis/redis-connection', () => ({
  createProbeConnection: () => ({ disconnect: () => undefined }),
  pingRedis: async () => undefined,
}));

const probes = (connection: Partial<Connection>) =>
  new DependencyProbes(connection as Connection, { service: 'rating', redisUrl: 'redis://127.0.0.1:1' });

describe('DependencyProbes: the database', () => {
  it('pings even while the driver counts the server as away, so a database that came back is seen at once', async () => {
    const command = jest.fn(async () => ({ ok: 1 }));
    const report = await probes({ readyState: 0, db: { command } as never }).check();
    expect({ report: report.database, pinged: command.mock.calls.length }).toEqual({ report: { up: true }, pinged: 1 });
  });

  it('is down when it was never connected, or when the ping fails', async () => {
    const never = await probes({ readyState: 0, db: undefined }).check();
    const failing = await probes({
      readyState: 1,
      db: { command: async () => Promise.reject(new Error('connection refused')) } as never,
    }).check();
    expect([never.database, failing.database]).toEqual([
      { up: false, error: 'not connected' },
      { up: false, error: 'connection refused' },
    ]);
  });
});
