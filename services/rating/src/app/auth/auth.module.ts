import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type RatingConfig } from '../../config/rating-config';
import { AuthGuard } from './auth.guard';
import { ProfilesService } from './profiles.service';
import { TokenVerifier } from './token-verifier';

/** Local verification of the auth service's access tokens, and the guards built on it. */
@Global()
@Module({
  providers: [
    { provide: TokenVerifier, inject: [APP_CONFIG], useFactory: (config: RatingConfig) => new TokenVerifier(config.AUTH_JWKS_URL, { cooldownMs: config.AUTH_JWKS_COOLDOWN }) },
    ProfilesService,
    AuthGuard,
  ],
  exports: [TokenVerifier, ProfilesService, AuthGuard],
})
export class AuthModule {}
