import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditEntry, AuditEntrySchema } from './audit/audit-entry.schema';
import { ModerationEventsWorker } from './events/moderation-events.worker';
import { Notice, NoticeSchema } from './notices/notice.schema';
import { NoticesService } from './notices/notices.service';
import { UserEventsProducer } from './events/user-events.producer';
import { Mailer } from './mail/mailer.service';
import { APP_CONFIG, TrustProxy } from '@pupitre/server-kit';
import { type AuthConfig } from '../config/auth-config';
import { GoogleSignIn } from './oauth/google-sign-in.service';
import { OAuthController } from './oauth/oauth.controller';
import { authRedisProvider, RedisLifecycle, userEventsQueueProvider } from './shared/redis.provider';
import { AuthAbuseSignals } from './shared/auth-abuse-signals';
import { ThrottleService } from './shared/throttle.service';
import { AccessGuard } from './tokens/access.guard';
import { RefreshToken, RefreshTokenSchema } from './tokens/refresh-token.schema';
import { SessionStore } from './tokens/session-store';
import { SigningKeys } from './tokens/signing-keys.service';
import { TokenService } from './tokens/token.service';
import { RefreshCookie } from './tokens/refresh-cookie';
import { TokensController } from './tokens/tokens.controller';
import { AccountsService } from './users/accounts.service';
import { EmailLinks } from './users/email-links.service';
import { LinkToken, LinkTokenSchema } from './users/link-token.schema';
import { User, UserSchema } from './users/user.schema';
import { UsersController } from './users/users.controller';
import { AccountSessions } from './sessions/account-sessions.service';
import { AccountSessionsController } from './sessions/account-sessions.controller';
import { KnownDevices } from './sessions/known-devices';
import { AccountNotices } from './notices/account-notices.service';
import { TeacherInvitation, TeacherInvitationSchema } from './teachers/teacher-invitation.schema';
import { TeacherLink, TeacherLinkSchema } from './teachers/teacher-link.schema';
import { TeacherInvitationsController } from './teachers/teacher-invitations.controller';
import { TeacherInvitations } from './teachers/teacher-invitations.service';
import { SecondFactorController } from './second-factor/second-factor.controller';
import { SecondFactor, SecondFactorSchema } from './second-factor/second-factor.schema';
import { SecondFactors } from './second-factor/second-factors.service';
import { SecretBox } from './second-factor/secret-box';
import { SecondFactorGate } from './second-factor/second-factor-gate';

/** Accounts, e-mailed links, sessions (JWT), Google sign-in. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: LinkToken.name, schema: LinkTokenSchema },
      { name: RefreshToken.name, schema: RefreshTokenSchema },
      { name: AuditEntry.name, schema: AuditEntrySchema },
      { name: Notice.name, schema: NoticeSchema },
      { name: TeacherInvitation.name, schema: TeacherInvitationSchema },
      { name: TeacherLink.name, schema: TeacherLinkSchema },
      { name: SecondFactor.name, schema: SecondFactorSchema },
    ]),
  ],
  controllers: [
    UsersController,
    TokensController,
    OAuthController,
    TeacherInvitationsController,
    AccountSessionsController,
    SecondFactorController,
  ],
  providers: [
    RefreshCookie,
    authRedisProvider,
    userEventsQueueProvider,
    RedisLifecycle,
    ThrottleService,
    AuthAbuseSignals,
    SigningKeys,
    SessionStore,
    TokenService,
    AccessGuard,
    Mailer,
    UserEventsProducer,
    NoticesService,
    TeacherInvitations,
    ModerationEventsWorker,
    EmailLinks,
    // The TOTP secrets' keys (SECOND_FACTOR_KEYS; the published development key when unset, refused in production).
    { provide: SecretBox, useFactory: (config: AuthConfig) => SecretBox.of(config.SECOND_FACTOR_KEYS), inject: [APP_CONFIG] },
    SecondFactors,
    SecondFactorGate,
    AccountsService,
    GoogleSignIn,
    TrustProxy,
    AccountNotices,
    KnownDevices,
    AccountSessions,
  ],
  exports: [AccountsService, TokenService, SigningKeys, SecondFactors],
})
export class AuthModule {}
