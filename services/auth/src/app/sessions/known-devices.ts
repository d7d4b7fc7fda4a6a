import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type DeviceDescription } from '@pupitre/contracts';
import { type Model, Types } from 'mongoose';
import { AccountNotices } from '../notices/account-notices.service';
import { User } from '../users/user.schema';
import { deviceKey, isRecognised } from './device-description';

/** How many devices an account remembers (the most recent first seen). */
export const KNOWN_DEVICES_KEPT = 20;

/**
 * The devices an account signed in from, as hashed keys of their coarse description (device family,
 * browser, system), the last 20. A sign-in from one not among them adds it (one conditional write:
 * of two sign-ins from the same new device at once, one tells) and e-mails the owner, unless the
 * account had none yet: its very first sign-in (or its first since this list exists).
 */
@Injectable()
export class KnownDevices {
  private readonly logger = new Logger('KnownDevices');

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(AccountNotices) private readonly notices: AccountNotices,
  ) {}

  /** After a sign-in: never throws (a failure is logged, the sign-in stands). */
  async signedIn(userId: string, device: DeviceDescription): Promise<void> {
    if (!isRecognised(device) || !Types.ObjectId.isValid(userId)) return;
    try {
      const key = deviceKey(userId, device);
      const before = await this.users
        .findOneAndUpdate(
          { _id: userId, knownDevices: { $ne: key } },
          { $push: { knownDevices: { $each: [key], $slice: -KNOWN_DEVICES_KEPT } } },
          { projection: { email: 1, lang: 1, knownDevices: 1 }, returnDocument: 'before' },
        )
        .lean();
      if (before && (before.knownDevices?.length ?? 0) > 0) this.notices.tell('new-device', before, { device });
    } catch (err) {
      this.logger.error({ msg: 'the known devices could not be updated', error: (err as Error).message });
    }
  }
}
