import fs from 'node:fs';

export default async function teardown() {
  const it = globalThis.__PUPITRE_IT__;
  if (!it) return;
  await Promise.allSettled([it.mail.stop(), it.redis.stop(), it.mongo.stop()]);
  fs.rmSync(it.dir, { recursive: true, force: true });
}
