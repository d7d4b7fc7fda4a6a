import { MongoClient } from 'mongodb';
import { Redis } from 'ioredis';

// The integration setup starts real parts; this proves they answer before any service test runs.
describe('integration stack', () => {
  it('has a database that stores and reads documents', async () => {
    const client = await MongoClient.connect(process.env.MONGODB_URI as string, { serverSelectionTimeoutMS: 5000 });
    try {
      const col = client.db(`stack_probe_${process.pid}`).collection('probe');
      await col.insertOne({ ok: 1 });
      expect(await col.countDocuments({ ok: 1 })).toBe(1);
      await client.db(`stack_probe_${process.pid}`).dropDatabase();
    } finally {
      await client.close();
    }
  });

  it('has a Redis that never evicts keys', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as string[];
      expect(policy).toBe('noeviction');
    } finally {
      redis.disconnect();
    }
  });

  it('has a mail catcher with a REST inbox', async () => {
    const res = await fetch(`${process.env.MAILCATCHER_URL}/email`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});
