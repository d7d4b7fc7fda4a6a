// The mail catcher: maildev, in this process. It accepts SMTP and shows the inbox on the web
// (and on its REST API, which the tests read: GET /email).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function startMailCatcher({ smtpPort, webPort }) {
  const MailDev = require('maildev');
  // maildev installs SIGTERM/SIGINT handlers that call process.exit(); the stack that hosts it
  // shuts down in its own order, so those handlers are taken off again.
  const before = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };
  const maildev = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    disableWeb: false,
    noOpen: true,
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.off(signal, l);
  }
  await new Promise((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}
