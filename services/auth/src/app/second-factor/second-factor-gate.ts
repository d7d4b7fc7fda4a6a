import { Inject, Injectable } from '@nestjs/common';
import { MFA_INVALID, MFA_REQUIRED, type MfaError } from '@pupitre/contracts';
import { ApiError } from '@pupitre/server-kit';
import { type Request, type Response } from 'express';
import { clientIp, ThrottleService } from '../shared/throttle.service';
import { codeThrottleKey, type Proof, type SecondFactorMethod, SecondFactors } from './second-factors.service';

export const MFA_REQUIRED_BODY: MfaError = {
  detail: 'A code from the authenticator app (or a recovery code) is required.',
  code: MFA_REQUIRED,
};
export const MFA_INVALID_BODY: MfaError = { detail: 'The code is wrong or was already used.', code: MFA_INVALID };

/** The second field a sign-in may carry: `otp` (a TOTP code) or `recovery_code`. */
export const proofOf = (body: Record<string, unknown>): Proof => ({ otp: body.otp, recovery_code: body.recovery_code });
const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * The second step of a sign-in (password or Google), stateless: for an account with the second
 * factor, 401 `mfa_required` without a code, 401 `mfa_invalid` for a wrong or replayed one (each
 * attempt backed off like a password, per account and address); what proved it otherwise, or null
 * for an account without it.
 */
@Injectable()
export class SecondFactorGate {
  constructor(
    @Inject(SecondFactors) private readonly factors: SecondFactors,
    @Inject(ThrottleService) private readonly throttle: ThrottleService,
  ) {}

  async pass(userId: string, proof: Proof, req: Request, res: Response): Promise<SecondFactorMethod | null> {
    if (!(await this.factors.isEnabled(userId))) return null;
    if (!given(proof.otp) && !given(proof.recovery_code)) throw new ApiError(401, { ...MFA_REQUIRED_BODY });
    const key = codeThrottleKey(userId);
    const ip = clientIp(req);
    await this.throttle.loginAttempt(res, key, ip);
    const method = await this.factors.prove(
      userId,
      given(proof.otp) ? { otp: proof.otp } : { recovery_code: proof.recovery_code },
      'sign-in',
    );
    if (!method) throw new ApiError(401, { ...MFA_INVALID_BODY });
    await this.throttle.loginSucceeded(key, ip);
    return method;
  }
}
