import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ProbeWatch } from './probe-watch.middleware';
import { RatingAbuseSignals } from './rating-abuse-signals';

@Module({ providers: [RatingAbuseSignals, ProbeWatch], exports: [RatingAbuseSignals] })
export class AbuseModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ProbeWatch).forRoutes({ path: '{*rest}', method: RequestMethod.ALL });
  }
}
