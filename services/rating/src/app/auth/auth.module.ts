import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { AuthGuard } from './auth.guard';
import { ProfilesService } from './profiles.service';
import { SessionCheck } from './session-check';
import { TokenVerifier } from './token-verifier';

@Global()
@Module({
  providers: [
    {
      provide: TokenVerifier,
      inject: [APP_CONFIG],
      useFactory: (config: RatingConfig) => new TokenVerifier(config.AUTH_JWKS_URL, config.AUTH_JWKS_COOLDOWN),
    },
    ProfilesService,
    SessionCheck,
    AuthGuard,
  ],
  exports: [TokenVerifier, ProfilesService, SessionCheck, AuthGuard],
})
export class AuthModule {}
