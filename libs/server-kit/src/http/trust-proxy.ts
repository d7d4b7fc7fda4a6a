import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type Request } from 'express';
import { APP_CONFIG } from '../config/config.module';

/** X-Forwarded-For is only believed from the proxies TRUST_PROXY names (express `trust proxy`): per-address throttling reads it. */
@Injectable()
export class TrustProxy implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: { TRUST_PROXY: boolean | number | string[] },
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    this.adapterHost.httpAdapter?.getInstance?.().set?.('trust proxy', this.config.TRUST_PROXY);
  }
}

/** The client's address: the socket's, or X-Forwarded-For's as far as TRUST_PROXY allows (express `req.ip`). */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
