import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type AccountDataExport, type Language, type Role } from '@pupitre/contracts';
import { ApiError, APP_CONFIG, isDuplicateKey, securityEvent, writeRetried } from '@pupitre/server-kit';
import { type Model, Types } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { UserEventsProducer } from '../events/user-events.producer';
import { AccountNotices } from '../notices/account-notices.service';
import { FIELD_MESSAGES, normalizeEmail } from '../shared/field-errors';
import { SecondFactors } from '../second-factor/second-factors.service';
import { TeacherInvitations } from '../teachers/teacher-invitations.service';
import { describeDevice } from '../sessions/device-description';
import { type SessionOrigin, TokenService } from '../tokens/token.service';
import { EmailLinks } from './email-links.service';
import { PasswordHasher } from './password-hasher';
import { passwordProblems } from './password-rules';
import { decodeUid, User, type UserDocument } from './user.schema';

export interface AuthUser {
  id: string;
  email: string;
  roles: Role[];
  /** Account creation: travels in access tokens as `date_joined` (the rating profile's "since"). */
  joinedAt: Date;
  /** The linked teacher record (`teacher_id` in tokens), or null. */
  teacherId: number | null;
}

const toAuthUser = (user: { _id: unknown; email: string; roles: Role[]; createdAt: Date; teacherId?: number | null }): AuthUser => ({
  id: String(user._id),
  email: user.email,
  roles: user.roles,
  joinedAt: user.createdAt,
  teacherId: user.teacherId ?? null,
});

/** Accounts: sign-up, activation, password reset, log-in checks, deletion, admin roles. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('Accounts');
  readonly hasher: PasswordHasher;

  constructor(
    @Inject(APP_CONFIG) config: AuthConfig,
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(EmailLinks) private readonly emailLinks: EmailLinks,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(UserEventsProducer) private readonly events: UserEventsProducer,
    @Inject(TeacherInvitations) private readonly teachers: TeacherInvitations,
    @Inject(SecondFactors) private readonly secondFactors: SecondFactors,
    @Inject(AccountNotices) private readonly notices: AccountNotices,
  ) {
    this.hasher = new PasswordHasher({ logN: config.PASSWORD_SCRYPT_LOG_N, r: 8, p: 1 });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.users.exists({ email: normalizeEmail(email) }).then(Boolean);
  }

  /** Sign-up after field checks: e-mail free, password rules, passwords equal (in djoser's order). */
  async signup(input: { email: string; password: string; re_password: string; lang: Language }): Promise<{ email: string; id: string }> {
    const email = normalizeEmail(input.email);
    if (await this.users.exists({ email })) throw new ApiError(400, { email: [FIELD_MESSAGES.emailTaken] });
    const problems = passwordProblems(input.password, email);
    if (problems.length) throw new ApiError(400, { password: problems });
    if (input.password !== input.re_password) throw new ApiError(400, { non_field_errors: [FIELD_MESSAGES.mismatch] });
    let user: UserDocument;
    try {
      const password = await this.hasher.hash(input.password);
      user = await writeRetried(() => this.users.create({ email, password, isActive: false, lang: input.lang, roles: ['user'] }));
    } catch (err) {
      if (isDuplicateKey(err)) throw new ApiError(400, { email: [FIELD_MESSAGES.emailTaken] });
      throw err;
    }
    await this.emailLinks.send(user, 'activation');
    return { email: user.email, id: String(user._id) };
  }

  /** 204; 400 bad uid/token; 403 when the account is already active. */
  async activate(uid: string, token: string): Promise<void> {
    const user = await this.userFromUid(uid);
    if (user.isActive) throw new ApiError(403, { detail: FIELD_MESSAGES.staleToken });
    await this.emailLinks.consume(user, 'activation', token);
    await this.users.updateOne({ _id: user._id }, { $set: { isActive: true } });
  }

  /** Always quiet: a mail only for an existing inactive account. */
  async resendActivation(email: string): Promise<void> {
    const user = await this.users.findOne({ email: normalizeEmail(email) });
    if (user && !user.isActive) await this.emailLinks.send(user, 'activation');
  }

  /** Always quiet: a mail only for an existing active account. */
  async requestReset(email: string): Promise<void> {
    const user = await this.users.findOne({ email: normalizeEmail(email) });
    if (user && user.isActive) await this.emailLinks.send(user, 'reset');
  }

  /** djoser's order: uid, token, password rules, then the two passwords equal. The link dies only on success. */
  async confirmReset(
    input: { uid: string; token: string; new_password: string; re_new_password: string },
    origin: SessionOrigin = {},
  ): Promise<void> {
    const user = await this.userFromUid(input.uid);
    if (!(await this.emailLinks.find(user, 'reset', input.token))) throw new ApiError(400, { token: [FIELD_MESSAGES.invalidToken] });
    const problems = passwordProblems(input.new_password, user.email);
    if (problems.length) throw new ApiError(400, { new_password: problems });
    if (input.new_password !== input.re_new_password) throw new ApiError(400, { non_field_errors: [FIELD_MESSAGES.mismatch] });
    await this.emailLinks.consume(user, 'reset', input.token);
    await this.setPassword(user, input.new_password);
    securityEvent('password-reset', { account: String(user._id) });
    this.notices.tell('password-reset', user, { device: describeDevice(origin.userAgent) });
  }

  /**
   * The account for these credentials, or undefined (unknown e-mail, wrong password, inactive or
   * password-less account). Unknown e-mails cost one hash too, so timing tells nothing.
   * `logSuccess: false`: the caller logs the sign-in once it is whole (the second factor's step).
   */
  async authenticate(email: string, password: string, logSuccess = true): Promise<AuthUser | undefined> {
    const user = await this.users.findOne({ email: normalizeEmail(email) }).lean();
    if (!user || !user.password) {
      await this.hasher.burn(password);
      securityEvent('sign-in-failed', { account: user ? String(user._id) : null, reason: user ? 'no-password' : 'unknown-account' });
      return undefined;
    }
    const right = await this.hasher.verify(password, user.password);
    if (!right || !user.isActive) {
      securityEvent('sign-in-failed', { account: String(user._id), reason: right ? 'inactive' : 'wrong-password' });
      return undefined;
    }
    const update: Partial<User> = { lastLogin: new Date() };
    if (this.hasher.needsRehash(user.password)) update.password = await this.hasher.hash(password);
    await this.users.updateOne({ _id: user._id }, { $set: update });
    if (logSuccess) securityEvent('sign-in-succeeded', { account: String(user._id), method: 'password' });
    return toAuthUser(user);
  }

  /** The e-mail and password hash of an active account (to ask for the password again), or undefined. */
  async credentialsOf(id: string): Promise<{ email: string; password: string | null } | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const user = await this.users.findById(id, { email: 1, password: 1, isActive: 1 }).lean();
    return user && user.isActive ? { email: user.email, password: user.password } : undefined;
  }

  async findActive(id: string): Promise<AuthUser | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const user = await this.users.findById(id).lean();
    return user && user.isActive ? toAuthUser(user) : undefined;
  }

  /**
   * What the account holds about its user, for their copy of their data (issue #41): never the password hash, the Google
   * subject or the device keys themselves (their count only). Undefined when no active account has this id.
   */
  async exportOf(id: string): Promise<Omit<AccountDataExport, 'sessions' | 'second_factor_enabled'> | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const user = await this.users
      .findById(id, { email: 1, lang: 1, roles: 1, createdAt: 1, lastLogin: 1, googleSub: 1, knownDevices: 1, isActive: 1 })
      .lean();
    if (!user?.isActive) return undefined;
    return {
      email: user.email,
      language: user.lang ?? 'fr',
      joined_at: new Date(user.createdAt).toISOString(),
      last_sign_in_at: user.lastLogin ? new Date(user.lastLogin).toISOString() : null,
      roles: user.roles ?? ['user'],
      google_linked: Boolean(user.googleSub),
      known_devices: user.knownDevices?.length ?? 0,
    };
  }

  /**
   * 204 after checking the password; the account, its sessions and e-mailed links are deleted, its
   * teacher record freed, its audit entries detached from it, rating is told.
   */
  /**
   * A new password, given the current one: the other sessions end (this one, `sessionId`, goes on;
   * all of them with an older token that names none), and every e-mailed link dies.
   */
  async changePassword(
    id: string,
    sessionId: string | undefined,
    input: { current_password: string; new_password: string; re_new_password: string },
    origin: SessionOrigin = {},
  ): Promise<void> {
    const user = await this.users.findById(id);
    if (!user || !user.isActive) throw new ApiError(401, { detail: 'User not found', code: 'user_not_found' });
    if (!user.password || !(await this.hasher.verify(input.current_password, user.password))) {
      securityEvent('password-change-refused', { account: id, reason: 'wrong-current-password' });
      throw new ApiError(400, { current_password: [FIELD_MESSAGES.invalidPassword] });
    }
    const problems = passwordProblems(input.new_password, user.email);
    if (problems.length) throw new ApiError(400, { new_password: problems });
    if (input.new_password !== input.re_new_password) throw new ApiError(400, { non_field_errors: [FIELD_MESSAGES.mismatch] });
    await this.users.updateOne(
      { _id: user._id },
      { $set: { password: await this.hasher.hash(input.new_password) }, $inc: { credentialsVersion: 1 } },
    );
    await this.emailLinks.deleteAllOf(id);
    if (sessionId) await this.tokens.revokeOthersOf(id, sessionId);
    else await this.tokens.revokeAllOf(id);
    securityEvent('password-changed', { account: id });
    this.notices.tell('password-changed', user, { device: describeDevice(origin.userAgent) });
  }

  async deleteAccount(id: string, currentPassword: string): Promise<void> {
    const user = await this.users.findById(id).lean();
    if (!user) throw new ApiError(401, { detail: 'User not found', code: 'user_not_found' });
    if (!(await this.hasher.verify(currentPassword, user.password)))
      throw new ApiError(400, { current_password: [FIELD_MESSAGES.invalidPassword] });
    // The event first: if Redis is down the account stays and the client may retry; the job id
    // de-duplicates a retried deletion.
    await this.events.userErased(id);
    await this.users.deleteOne({ _id: user._id });
    await Promise.all([
      this.tokens.deleteAllOf(id),
      this.emailLinks.deleteAllOf(id),
      this.teachers.forgetAccount(id),
      this.secondFactors.forget(id),
    ]);
    this.logger.log({ msg: 'account erased', userId: id });
  }

  /**
   * Google sign-in: the account of this verified e-mail or Google subject, created active if new. An
   * activated account keeps its password; a never-activated one loses it (see below).
   */
  async fromGoogle(profile: { sub: string; email: string; lang: Language }): Promise<AuthUser | { error: string }> {
    const email = normalizeEmail(profile.email);
    const bySub = await this.users.findOne({ googleSub: profile.sub }).lean();
    if (bySub) return toAuthUser(bySub);
    const existing = await this.users.findOne({ email });
    if (existing) {
      if (existing.googleSub && existing.googleSub !== profile.sub) return { error: 'linked to another Google account' };
      if (existing.isActive) {
        await this.users.updateOne({ _id: existing._id }, { $set: { googleSub: profile.sub, lastLogin: new Date() } });
        this.notices.tell('google-linked', existing);
        return toAuthUser(existing);
      }
      // Never activated: nothing proves that whoever chose its password owns the address (someone may
      // have signed up with it first: a pre-hijack). The provider vouches for the owner now, so the
      // account is linked and activated, and the sign-up password, its sessions and its links die.
      await this.users.updateOne(
        { _id: existing._id },
        { $set: { googleSub: profile.sub, isActive: true, password: null, lastLogin: new Date() }, $inc: { credentialsVersion: 1 } },
      );
      await this.endSessionsAndLinks(String(existing._id));
      return toAuthUser(existing);
    }
    try {
      const created = await writeRetried(() =>
        this.users.create({
          email,
          password: null,
          isActive: true,
          lang: profile.lang,
          roles: ['user'],
          googleSub: profile.sub,
          lastLogin: new Date(),
        }),
      );
      return toAuthUser(created);
    } catch (err) {
      if (isDuplicateKey(err)) return this.fromGoogle(profile);
      throw err;
    }
  }

  private async setPassword(user: UserDocument, password: string): Promise<void> {
    await this.users.updateOne(
      { _id: user._id },
      { $set: { password: await this.hasher.hash(password) }, $inc: { credentialsVersion: 1 } },
    );
    await this.endSessionsAndLinks(String(user._id));
  }

  /** After a credentials change: every e-mailed link and every session (refresh token) of the user dies. */
  private async endSessionsAndLinks(userId: string): Promise<void> {
    await Promise.all([this.emailLinks.deleteAllOf(userId), this.tokens.revokeAllOf(userId)]);
  }

  private async userFromUid(uid: string): Promise<UserDocument> {
    const id = decodeUid(uid);
    const user = id ? await this.users.findById(id) : null;
    if (!user) throw new ApiError(400, { uid: [FIELD_MESSAGES.invalidUid] });
    return user;
  }
}
