import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ACCOUNT_SESSIONS_LIMIT, type AccountSession, type DeviceDescription, isSessionRevoked } from '@pupitre/contracts';
import { securityEvent } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { RefreshToken } from '../tokens/refresh-token.schema';
import { SessionStore } from '../tokens/session-store';
import { TokenService } from '../tokens/token.service';

const UNKNOWN_DEVICE: DeviceDescription = { kind: 'unknown', browser: 'Other', os: 'Other' };
const SESSION_ID = /^[0-9a-f-]{36}$/;
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The signed-in user's own sessions (GET/DELETE /auth/sessions, issue #38): one per refresh-token
 * family that still lives, with the coarse device it began on, its sign-in month and its last use
 * to the day. Only ever the caller's: another account's session is answered as a missing one.
 */
@Injectable()
export class AccountSessions {
  constructor(
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  /** The live sessions of `userId`, the most recently used first, at most ACCOUNT_SESSIONS_LIMIT; `current` is the caller's `sid`. */
  async list(userId: string, current: string | undefined): Promise<AccountSession[]> {
    // One active record per family (a rotation marks the old one first); index {userId, status, createdAt}.
    const records = await this.refreshTokens
      .find(
        { userId, status: 'active' },
        { family: 1, device: 1, sessionStartedAt: 1, createdAt: 1, lastUsedOn: 1, sessionVersion: 1, expiresAt: 1 },
      )
      .sort({ createdAt: -1 })
      .limit(ACCOUNT_SESSIONS_LIMIT)
      .lean();
    const now = Date.now();
    const live = records.filter((r) => r.expiresAt.getTime() > now);
    // Redis says first when a session ends (its records follow): one MGET for all of them.
    const states = await this.sessions.states(
      userId,
      live.map((r) => r.family),
    );
    const seen = new Set<string>();
    return live
      .filter((r, i) => !isSessionRevoked({ sid: r.family, sv: r.sessionVersion ?? 0 }, states[i]))
      .filter((r) => !seen.has(r.family) && Boolean(seen.add(r.family)))
      .map((r) => ({
        id: r.family,
        device: r.device ? { kind: r.device.kind, browser: r.device.browser, os: r.device.os } : UNKNOWN_DEVICE,
        signedInMonth: isoDay(r.sessionStartedAt ?? r.createdAt).slice(0, 7),
        lastUsedDay: isoDay(r.lastUsedOn ?? r.createdAt),
        current: r.family === current,
      }));
  }

  /** Ends one of the caller's sessions; false when it has no such live session (someone else's included). */
  async end(userId: string, sessionId: string): Promise<boolean> {
    if (!SESSION_ID.test(sessionId)) return false;
    // Index {family, status}; whose it is is checked on the one record found.
    const record = await this.refreshTokens.findOne({ family: sessionId, status: 'active' }, { userId: 1 }).lean();
    if (!record || record.userId !== userId) return false;
    await this.sessions.revokeSession(sessionId, 'ended-in-settings');
    await this.refreshTokens.updateMany({ family: sessionId, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
    securityEvent('session-ended', { account: userId, scope: 'one', count: 1 });
    return true;
  }

  /** Ends every session of the caller but `current`; how many ended. */
  async endOthers(userId: string, current: string): Promise<number> {
    const count = await this.tokens.revokeOthersOf(userId, current, 'ended-in-settings');
    securityEvent('session-ended', { account: userId, scope: 'others', count });
    return count;
  }
}
