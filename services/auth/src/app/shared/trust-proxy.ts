import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type AuthConfig } from '../../config/auth-config';

/** X-Forwarded-For is only believed from the proxies TRUST_PROXY names (express `trust proxy`): per-address throttling reads it. */
@Injectable()
export class TrustProxy implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    this.adapterHost.httpAdapter?.getInstance?.().set?.('trust proxy', this.config.TRUST_PROXY);
  }
}
