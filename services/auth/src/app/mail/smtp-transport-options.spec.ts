// STARTTLS required (issue #41): with SMTP_REQUIRE_TLS nodemailer sends nothing to a server that
// offers no STARTTLS; without it (the local stack's mail catcher) the mail goes out in clear. The
// server is a minimal SMTP server of the test's own that never offers STARTTLS.
import net from 'node:net';
import nodemailer from 'nodemailer';
import { smtpTransportOptions } from './smtp-transport-options';

const mail = { from: 'Pupitre <no-reply@pupitre.local>', to: 'someone@example.org', subject: 'x', text: 'x' };

/** A plain SMTP server: EHLO without STARTTLS (STARTTLS refused), every message accepted and counted. */
function plainSmtpServer() {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let inData = false;
    let buffer = '';
    socket.write('220 plain.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push('message');
            socket.write('250 queued\r\n');
          }
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-plain.test\r\n250 8BITMIME\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^STARTTLS/i.test(line)) socket.write('502 5.5.1 not implemented\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, received, closeAll: () => sockets.forEach((s) => s.destroy()) };
}

describe('SMTP transport options', () => {
  const { server, received, closeAll } = plainSmtpServer();
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    closeAll();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends nothing to a server without STARTTLS when SMTP_REQUIRE_TLS is on (production)', async () => {
    const transport = nodemailer.createTransport(smtpTransportOptions({ SMTP_URL: url, SMTP_REQUIRE_TLS: true }));
    try {
      await expect(transport.sendMail(mail)).rejects.toThrow(/STARTTLS/i);
      expect(received).toEqual([]);
    } finally {
      transport.close();
    }
  });

  it('sends in clear when it is off (the local stack)', async () => {
    const transport = nodemailer.createTransport(smtpTransportOptions({ SMTP_URL: url, SMTP_REQUIRE_TLS: false }));
    try {
      await expect(transport.sendMail(mail)).resolves.toMatchObject({ accepted: ['someone@example.org'] });
      expect(received).toEqual(['message']);
    } finally {
      transport.close();
    }
  });
});
