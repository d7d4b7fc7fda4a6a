import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { APP_CONFIG, ApiError, isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type Model } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { Mailer } from '../mail/mailer.service';
import { FIELD_MESSAGES } from '../shared/field-errors';
import { AUTH_REDIS } from '../shared/redis.provider';
import { ThrottleService } from '../shared/throttle.service';
import { SigningKeys } from '../tokens/signing-keys.service';
import { LinkToken, type LinkPurpose } from './link-token.schema';
import { encodeUid, type User } from './user.schema';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

type LinkUser = Pick<User, 'email' | 'lang' | 'credentialsVersion'> & { _id: unknown };

/**
 * E-mailed links (activation, password reset). At most THROTTLE_MAIL_RECIPIENT mails per recipient
 * and purpose, whoever asks (no mail bombing); over it nothing is sent, and the caller answers as
 * usual (no account enumeration). A link still valid for at least half its lifetime is sent again
 * rather than a new one made: one live link per account and purpose.
 */
@Injectable()
export class EmailLinks {
  private readonly logger = new Logger('EmailLinks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @InjectModel(LinkToken.name) private readonly links: Model<LinkToken>,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(ThrottleService) private readonly throttle: ThrottleService,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(AUTH_REDIS) private readonly redis: Redis,
  ) {}

  async send(user: LinkUser, purpose: LinkPurpose): Promise<void> {
    if (!(await this.throttle.allows(`mail-${purpose}`, user.email))) {
      this.logger.warn({ msg: `${purpose} e-mail not sent: too many to this recipient`, userId: String(user._id) });
      return;
    }
    const token = (await this.reusableToken(user, purpose)) ?? (await this.mint(user, purpose));
    this.mailer.send(purpose, user.email, user.lang, encodeUid(String(user._id)), token);
  }

  /** The live link of this token, or null (unknown, another user or purpose, expired, or credentials changed since). */
  async find(user: LinkUser, purpose: LinkPurpose, token: string): Promise<LinkToken | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const link = await this.links.findById(sha256(token)).lean();
    if (!link || link.userId !== String(user._id) || link.purpose !== purpose) return null;
    if (link.expiresAt.getTime() <= Date.now() || link.credentialsVersion !== user.credentialsVersion) return null;
    return link;
  }

  /**
   * Uses the link up (once, even under concurrency: the delete that removes it decides, by its
   * count: of concurrent callers only one deletes the document); 400 when it is not live.
   */
  async consume(user: LinkUser, purpose: LinkPurpose, token: string): Promise<void> {
    const link = await this.find(user, purpose, token);
    const consumed = link && (await this.links.deleteOne({ _id: link._id })).deletedCount === 1;
    if (!consumed) throw new ApiError(400, { token: [FIELD_MESSAGES.invalidToken] });
  }

  deleteAllOf(userId: string): Promise<unknown> {
    return this.links.deleteMany({ userId });
  }

  private tokenOf(user: LinkUser, purpose: LinkPurpose, nonce: string): string {
    return createHmac('sha256', this.keys.linkKey)
      .update(`${purpose}\n${String(user._id)}\n${nonce}`)
      .digest('base64url');
  }

  private ttl(purpose: LinkPurpose): number {
    return purpose === 'activation' ? this.config.ACTIVATION_TOKEN_TTL : this.config.RESET_TOKEN_TTL;
  }

  /** The token of a live link with at least half its lifetime left, when the current key still derives it. */
  private async reusableToken(user: LinkUser, purpose: LinkPurpose): Promise<string | undefined> {
    const keepUntil = Date.now() + this.ttl(purpose) / 2;
    const candidates = await this.links.find({ userId: String(user._id), purpose }).lean();
    for (const link of candidates.sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())) {
      if (!link.nonce || link.credentialsVersion !== user.credentialsVersion || link.expiresAt.getTime() < keepUntil) continue;
      const token = this.tokenOf(user, purpose, link.nonce);
      if (sha256(token) === link._id) return token;
    }
    return undefined;
  }

  /**
   * A new link. Requests that race past `reusableToken` together must still make one link: its nonce
   * is decided once in Redis (SET NX GET, for as long as a link stays reusable), so they all derive
   * the same token, and the first insert of it wins (unique `_id`). Redis down: a nonce of our own.
   */
  private async mint(user: LinkUser, purpose: LinkPurpose): Promise<string> {
    const candidate = randomBytes(16).toString('base64url');
    const key = `auth:link-nonce:${purpose}:${String(user._id)}:${user.credentialsVersion}`;
    const elected = await this.redis.set(key, candidate, 'PX', Math.ceil(this.ttl(purpose) / 2), 'NX', 'GET').catch((err: Error) => {
      this.logger.warn({ msg: 'link nonce not shared: Redis unavailable', error: err.message });
      return null;
    });
    const nonce = elected ?? candidate;
    const token = this.tokenOf(user, purpose, nonce);
    try {
      const link = {
        _id: sha256(token),
        userId: String(user._id),
        purpose,
        nonce,
        credentialsVersion: user.credentialsVersion,
        expiresAt: new Date(Date.now() + this.ttl(purpose)),
      };
      await writeRetried(() => this.links.create(link));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return token;
  }
}
