import { Inject, Injectable, Logger } from '@nestjs/common';
import { type DeviceDescription, type Language } from '@pupitre/contracts';
import { type AccountNoticeKind, renderAccountNotice } from '../mail/account-notices';
import { Mailer } from '../mail/mailer.service';
import { isRecognised } from '../sessions/device-description';

/** Whom a notice goes to: the account's address and language. */
export interface NoticeRecipient {
  email: string;
  lang?: Language | null;
}

/**
 * E-mails that tell an account's owner of a change to its security (issue #38): password changed
 * or reset, Google linked, a sign-in from a new device. Sent in the background: a notice never
 * holds up nor fails the request it follows (a failure is logged).
 */
@Injectable()
export class AccountNotices {
  private readonly logger = new Logger('AccountNotices');

  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  tell(kind: AccountNoticeKind, to: NoticeRecipient, input: { device?: DeviceDescription; at?: Date } = {}): void {
    try {
      const mail = renderAccountNotice(
        kind,
        to.lang ?? 'fr',
        // A device nothing was recognised of is left out of the mail rather than named "unknown".
        { at: input.at ?? new Date(), device: input.device && isRecognised(input.device) ? input.device : undefined },
        {
          settings: this.mailer.frontend('/settings'),
          reset: this.mailer.frontend('/auth'),
        },
      );
      this.mailer.later(to.email, mail, kind);
    } catch (err) {
      this.logger.error({ msg: `the ${kind} notice could not be prepared`, error: (err as Error).message });
    }
  }
}
