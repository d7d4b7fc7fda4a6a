import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Language } from '@pupitre/contracts';
import { APP_CONFIG } from '@pupitre/server-kit';
import nodemailer, { type Transporter } from 'nodemailer';
import { type AuthConfig, frontendUrl } from '../../config/auth-config';
import { type RenderedMail } from './notice-templates';
import { smtpTransportOptions } from './smtp-transport-options';
import { type MailKind, renderMail } from './templates';

/** Activation and reset e-mails, and the notices of moderation events, over SMTP_URL, in the account's language. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AuthConfig) {
    this.transport = nodemailer.createTransport(smtpTransportOptions(config));
  }

  /** `{FRONTEND_URL}/activate/{uid}/{token}/` or `/password/reset/confirm/{uid}/{token}/`. */
  link(kind: MailKind, uid: string, token: string): string {
    const path = kind === 'activation' ? 'activate' : 'password/reset/confirm';
    return `${frontendUrl(this.config)}/${path}/${uid}/${token}/`;
  }

  /**
   * Sends in the background: the HTTP answer never waits for SMTP, so its timing says nothing
   * about whether a mail went out (no account enumeration). Failures are logged.
   */
  send(kind: MailKind, to: string, lang: Language, uid: string, token: string): void {
    const { subject, text, html } = renderMail(kind, lang, this.link(kind, uid, token));
    const job = this.transport
      .sendMail({ from: this.config.MAIL_FROM, to, subject, text, html })
      .then(() => undefined)
      .catch((err: Error) => this.logger.error({ msg: `sending the ${kind} e-mail failed`, error: err.message }))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /**
   * Sends a mail and waits for the SMTP server to take it (the notices of moderation events: their
   * job is retried when this throws, and is done only once the mail went out).
   */
  async deliver(to: string, mail: RenderedMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /**
   * Sends in the background, as `send`: the account notices (issue #38), which never hold up or fail
   * the request they follow. Failures are logged.
   */
  later(to: string, mail: RenderedMail, what: string): void {
    const job = this.deliver(to, mail)
      .catch((err: Error) => this.logger.error({ msg: `sending the ${what} notice failed`, error: err.message }))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** An absolute link into the front end. */
  frontend(path: string): string {
    return `${frontendUrl(this.config)}${path}`;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport.close();
  }
}
