import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type RecoveryCodes, type SecondFactorEnrolment, type SecondFactorErrorKey, type SecondFactorStatus } from '@pupitre/contracts';
import { accountKey, ApiError, isDuplicateKey, securityEvent } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { Mailer } from '../mail/mailer.service';
import { RefreshToken } from '../tokens/refresh-token.schema';
import { User } from '../users/user.schema';
import { type SecondFactorNotice, renderSecondFactorNotice } from './second-factor-mails';
import { SecondFactor } from './second-factor.schema';
import { SecretBox, SecretBoxError } from './secret-box';
import { enrolmentOf, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newSalt, newSecret, stepOfCode } from './totp';

/** What proved the second factor: a TOTP code, or a recovery code (used up). */
export type SecondFactorMethod = 'otp' | 'recovery-code';
export interface Proof {
  otp?: unknown;
  recovery_code?: unknown;
}

/** The key of the back-off on code guesses of one account: the sign-in's, under its own name (ADR 0007). */
export const codeThrottleKey = (userId: string): string => `second-factor:${userId}`;

const refuse = (key: SecondFactorErrorKey, detail: string): ApiError => ApiError.of(400, key, detail);

/**
 * The second factor of an account (TOTP, RFC 6238, and recovery codes). Every acceptance is one
 * filtered write: a TOTP code only from a step later than the last accepted (`lastStep: {$lt}`), a
 * recovery code only while its hash is in the list (`$pull`): two requests racing with one code,
 * one wins. Throttling is the callers' (the sign-in back-off, keyed by the account).
 */
@Injectable()
export class SecondFactors {
  private readonly logger = new Logger('SecondFactor');

  constructor(
    @InjectModel(SecondFactor.name) private readonly factors: Model<SecondFactor>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SecretBox) private readonly box: SecretBox,
  ) {}

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.factors.findById(userId, { status: 1 }).lean())?.status === 'enabled';
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const factor = await this.factors.findById(userId, { status: 1, recoveryCodes: 1 }).lean();
    const enabled = factor?.status === 'enabled';
    return { enabled, recovery_codes_left: enabled ? factor.recoveryCodes.length : 0 };
  }

  /** A new secret, pending until confirmed (a pending one is replaced); 400 when the factor is on. */
  async startEnrolment(userId: string, email: string): Promise<SecondFactorEnrolment> {
    const secret = newSecret();
    const fresh = {
      status: 'pending' as const,
      secret: this.box.seal(secret, userId),
      lastStep: 0,
      salt: newSalt(),
      recoveryCodes: [],
      createdAt: new Date(),
      enabledAt: null,
    };
    const { matchedCount } = await this.factors.updateOne({ _id: userId, status: 'pending' }, { $set: fresh });
    if (matchedCount === 0) {
      try {
        await this.factors.create({ _id: userId, ...fresh });
      } catch (err) {
        if (isDuplicateKey(err)) throw refuse('already-enabled', 'the second factor is already on');
        throw err;
      }
    }
    return enrolmentOf(secret, email);
  }

  /** The first code turns the pending factor on; the 10 recovery codes are answered once. */
  async confirm(userId: string, code: unknown): Promise<RecoveryCodes> {
    const factor = await this.factors.findById(userId).lean();
    if (!factor) throw refuse('no-enrolment', 'start the enrolment first');
    if (factor.status === 'enabled') throw refuse('already-enabled', 'the second factor is already on');
    const secret = this.openSecret(factor.secret, userId);
    if (secret === null) throw refuse('no-enrolment', 'the enrolment cannot be read: start again');
    const step = await stepOfCode(secret, code);
    if (step === null) {
      securityEvent('second-factor-failed', { account: userId, purpose: 'enrolment' });
      throw refuse('invalid-code', 'wrong code');
    }
    const codes = newRecoveryCodes();
    const { matchedCount } = await this.factors.updateOne(
      { _id: userId, status: 'pending', secret: factor.secret },
      {
        $set: {
          status: 'enabled',
          ...(this.box.isCurrent(factor.secret) ? {} : { secret: this.box.seal(secret, userId) }),
          lastStep: step,
          recoveryCodes: codes.map((c) => hashRecoveryCode(factor.salt, c)),
          enabledAt: new Date(),
        },
      },
    );
    if (matchedCount !== 1) throw refuse('no-enrolment', 'the enrolment changed meanwhile: start again');
    securityEvent('second-factor-enrolled', { account: userId });
    await this.notify(userId, 'enabled');
    return { recovery_codes: codes };
  }

  /**
   * Off, with a current code or a recovery code. The account's live sessions stop carrying the
   * second factor from their next refresh (a staff session then loses the staff endpoints).
   */
  async disable(userId: string, proof: Proof): Promise<void> {
    if (!(await this.prove(userId, proof, 'disable'))) throw refuse('invalid-code', 'wrong code');
    await this.factors.deleteOne({ _id: userId, status: 'enabled' });
    await this.refreshTokens.updateMany({ userId, status: 'active' }, { $set: { secondFactor: false } });
    securityEvent('second-factor-disabled', { account: userId });
    await this.notify(userId, 'disabled');
  }

  /** 10 new recovery codes (the others die), with a current TOTP code. */
  async regenerateRecoveryCodes(userId: string, code: unknown): Promise<RecoveryCodes> {
    if (!(await this.prove(userId, { otp: code }, 'recovery-codes'))) throw refuse('invalid-code', 'wrong code');
    const factor = await this.factors.findById(userId, { salt: 1 }).lean();
    const codes = newRecoveryCodes();
    const { matchedCount } = await this.factors.updateOne(
      { _id: userId, status: 'enabled' },
      { $set: { recoveryCodes: codes.map((c) => hashRecoveryCode(factor?.salt ?? '', c)) } },
    );
    if (!factor || matchedCount !== 1) throw refuse('not-enabled', 'the second factor is off');
    return { recovery_codes: codes };
  }

  /**
   * Checks a proof of the second factor (a TOTP code, else a recovery code) and uses it up; what
   * proved it, or false. Logged either way; a recovery code used is also e-mailed to the owner.
   */
  async prove(userId: string, proof: Proof, purpose: string): Promise<SecondFactorMethod | false> {
    const factor = await this.factors.findById(userId).lean();
    if (!factor || factor.status !== 'enabled') {
      securityEvent('second-factor-failed', { account: userId, purpose, reason: 'not-enabled' });
      return false;
    }
    if (proof.otp !== undefined && proof.otp !== null && proof.otp !== '') {
      const secret = this.openSecret(factor.secret, userId);
      if (secret === null) {
        securityEvent('second-factor-failed', { account: userId, purpose, reason: 'unreadable-secret' });
        return false;
      }
      const step = await stepOfCode(secret, proof.otp);
      // Only a step later than the last accepted one: a code seen once (or an older one) is dead.
      if (
        step !== null &&
        (await this.factors.updateOne({ _id: userId, status: 'enabled', lastStep: { $lt: step } }, { $set: { lastStep: step } }))
          .matchedCount === 1
      ) {
        securityEvent('second-factor-used', { account: userId, purpose, method: 'otp' });
        await this.resealIfStale(userId, factor.secret, secret);
        return 'otp';
      }
      securityEvent('second-factor-failed', { account: userId, purpose, reason: step === null ? 'wrong-code' : 'replayed-code' });
      return false;
    }
    if (looksLikeRecoveryCode(proof.recovery_code)) {
      const hash = hashRecoveryCode(factor.salt, proof.recovery_code);
      const used = await this.factors.findOneAndUpdate(
        { _id: userId, status: 'enabled', recoveryCodes: hash },
        { $pull: { recoveryCodes: hash } },
        { returnDocument: 'after', projection: { recoveryCodes: 1 } },
      );
      if (used) {
        securityEvent('recovery-code-used', { account: userId, purpose, left: used.recoveryCodes.length });
        await this.notify(userId, 'recovery-code-used', used.recoveryCodes.length);
        return 'recovery-code';
      }
    }
    securityEvent('second-factor-failed', { account: userId, purpose, reason: 'wrong-recovery-code' });
    return false;
  }

  /**
   * A secret stored before encryption, or sealed with a key other than the newest, is sealed with
   * the newest key after a code of it was accepted: a write filtered on the value read, so a change
   * meanwhile (disabled, enrolled again) wins.
   */
  private async resealIfStale(userId: string, stored: string, secret: string): Promise<void> {
    if (this.box.isCurrent(stored)) return;
    try {
      await this.factors.updateOne({ _id: userId, secret: stored }, { $set: { secret: this.box.seal(secret, userId) } });
    } catch (err) {
      // The code was accepted already: the next use tries again.
      this.logger.error({ msg: 'the second-factor secret was not sealed again', error: (err as Error).message });
    }
  }

  /**
   * The stored secret, or null when it cannot be decrypted (its key is not in SECOND_FACTOR_KEYS, or
   * the value was altered or copied from another account): logged for the operators; the account
   * can still use a recovery code.
   */
  private openSecret(stored: string, userId: string): string | null {
    try {
      return this.box.open(stored, userId);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      this.logger.error({ msg: 'a second-factor secret cannot be read', account: accountKey(userId), error: err.message });
      return null;
    }
  }

  /** Account deletion: the factor goes with the account. */
  async forget(userId: string): Promise<void> {
    await this.factors.deleteOne({ _id: userId });
  }

  /** The owner is told, in their language; the answer does not wait for the mail server. */
  private async notify(userId: string, notice: SecondFactorNotice, recoveryCodesLeft?: number): Promise<void> {
    const user = await this.users.findById(userId, { email: 1, lang: 1 }).lean();
    if (!user) return;
    const mail = renderSecondFactorNotice(user.lang ?? 'fr', notice, { settingsUrl: this.mailer.frontend('/settings'), recoveryCodesLeft });
    this.mailer
      .deliver(user.email, mail)
      .catch((err: Error) => this.logger.error({ msg: `the ${notice} notice was not sent`, error: err.message }));
  }
}
