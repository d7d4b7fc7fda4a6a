import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ephemeralPortsStart, freePortToKeep } from './free-port';

describe('ports a stopped server can take back', () => {
  it('reads where the kernel ephemeral range starts, 32768 when it cannot', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ports-')), 'range');
    fs.writeFileSync(file, '40000\t60999\n');
    expect(ephemeralPortsStart(file)).toBe(40000);
    expect(ephemeralPortsStart(path.join(os.tmpdir(), 'no-such-range-file'))).toBe(32768);
    fs.writeFileSync(file, 'nonsense');
    expect(ephemeralPortsStart(file)).toBe(32768);
  });

  it('picks a free port below the ephemeral range, which listen(0) never hands out', async () => {
    const start = ephemeralPortsStart();
    for (let i = 0; i < 5; i++) {
      const port = await freePortToKeep();
      expect(port).toBeLessThan(start);
      expect(port).toBeGreaterThan(1024);
      await new Promise<void>((resolve, reject) => {
        const server = net.createServer().once('error', reject);
        server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
      });
    }
  });
});
