import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectModel } from '@nestjs/mongoose';
import { APP_CONFIG } from '@pupitre/server-kit';
import { type Model } from 'mongoose';
import { type AuthConfig } from '../../config/auth-config';
import { RefreshToken } from '../tokens/refresh-token.schema';
import { LinkToken } from '../users/link-token.schema';

/**
 * Deletes expired refresh records and e-mail link tokens every CLEANUP_INTERVAL (FerretDB has no
 * TTL indexes). Expiry is always checked on use, so this only keeps the collections small; it is
 * idempotent, so every replica may run it. Also applies TRUST_PROXY to the HTTP server.
 */
@Injectable()
export class ExpiryCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ExpiryCleanup');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AuthConfig,
    @InjectModel(RefreshToken.name) private readonly refreshTokens: Model<RefreshToken>,
    @InjectModel(LinkToken.name) private readonly links: Model<LinkToken>,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    // X-Forwarded-For is only believed from the proxies TRUST_PROXY names (express `trust proxy`).
    this.adapterHost.httpAdapter?.getInstance?.().set?.('trust proxy', this.config.TRUST_PROXY);
    this.timer = setInterval(() => void this.run(), this.config.CLEANUP_INTERVAL);
    this.timer.unref();
    void this.run();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async run(now = new Date()): Promise<{ refreshTokens: number; links: number }> {
    try {
      const [refresh, links] = await Promise.all([
        this.refreshTokens.deleteMany({ expiresAt: { $lte: now } }),
        this.links.deleteMany({ expiresAt: { $lte: now } }),
      ]);
      const counts = { refreshTokens: refresh.deletedCount, links: links.deletedCount };
      if (counts.refreshTokens || counts.links) this.logger.log({ msg: 'expired records removed', ...counts });
      return counts;
    } catch (err) {
      this.logger.warn({ msg: 'cleanup failed', error: (err as Error).message });
      return { refreshTokens: 0, links: 0 };
    }
  }
}
