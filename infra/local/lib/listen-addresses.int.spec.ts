// The local stack listens on loopback only. The parts the integration setup started (database,
// Redis, mail catcher: the same functions as `npm start`), and the edge (nginx) and static servers with
// the defaults the stack uses. (The whole stack, services included: e2e/platform.e2e.ts.)
import { freePortList } from './ports.mjs';
import { startEdge } from './edge.mjs';
import { isLoopback, listeningSockets } from './listening.mjs';
import { serveStatic } from './static-server.mjs';

const addressesOn = (port: number) =>
  listeningSockets()
    .filter((s) => s.port === port)
    .map((s) => s.address);
const portOf = (url: string) =>
  Number(
    new URL(
      url
        .replace(/^mongodb:/, 'http:')
        .replace(/^redis:/, 'http:')
        .replace(/^smtp:/, 'http:'),
    ).port,
  );

describe('local stack bind addresses', () => {
  it.each([
    ['database', () => process.env.MONGODB_URI as string],
    ['Redis', () => process.env.REDIS_URL as string],
    ['mail catcher SMTP', () => process.env.SMTP_URL as string],
    ['mail catcher web', () => process.env.MAILCATCHER_URL as string],
  ])('%s listens on loopback only', (_name, url) => {
    if (!/\/\/(127\.0\.0\.1|localhost)[:/]/.test(url())) return; // an external server given in the environment
    const addresses = addressesOn(portOf(url()));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !isLoopback(a))).toEqual([]);
  });

  it('the edge and the static servers listen on loopback only by default', async () => {
    const [gatewayPort, staticPort] = await freePortList(2);
    const gateway = await startEdge({ port: gatewayPort, targets: {} });
    const statics = await serveStatic({ port: staticPort, dir: __dirname });
    try {
      expect(addressesOn(gatewayPort)).toEqual(['127.0.0.1']);
      expect(addressesOn(staticPort)).toEqual(['127.0.0.1']);
    } finally {
      await gateway.stop();
      await statics.stop();
    }
  });
});
