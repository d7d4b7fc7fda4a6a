import { type AuthConfig } from '../../config/auth-config';

/**
 * nodemailer's SMTP options: the server of SMTP_URL, and with SMTP_REQUIRE_TLS (required in
 * production unless SMTP_URL is smtps://) STARTTLS required: a server that offers none gets no mail.
 */
export function smtpTransportOptions(config: Pick<AuthConfig, 'SMTP_URL' | 'SMTP_REQUIRE_TLS'>): { url: string; requireTLS: boolean } {
  return { url: config.SMTP_URL, requireTLS: config.SMTP_REQUIRE_TLS };
}
