// The mail catcher: maildev, in this process. It accepts SMTP and shows the inbox on the web
// (and on its REST API, which the tests read: GET /email).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function startMailCatcher({ smtpPort, webPort }) {
  const MailDev = require('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', silent: true, disableWeb: false, noOpen: true });
  await new Promise((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}
