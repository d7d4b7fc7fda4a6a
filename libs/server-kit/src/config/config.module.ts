import { type DynamicModule, Module } from '@nestjs/common';

/** Injection token of the validated configuration object of the running service. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the validated configuration injectable everywhere: `@Inject(APP_CONFIG) config: MyConfig`. */
@Module({})
export class ConfigModule {
  static forRoot<T extends object>(config: T): DynamicModule {
    return { module: ConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
