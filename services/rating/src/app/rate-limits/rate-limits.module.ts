import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { RateLimits } from './rate-limits.middleware';

/** Rate limits on every route of the rating API (rate-limits.middleware.ts). */
@Module({ providers: [RateLimits] })
export class RateLimitsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RateLimits).forRoutes({ path: '{*rest}', method: RequestMethod.ALL });
  }
}
