// Shared foundations of the NestJS services (auth, rating API, rating worker): configuration,
// JSON logs, health and metrics, HTTP errors and validation, bootstrap, database and Redis.
// Test helpers live in `@pupitre/server-kit/testing`.
export * from './config/validate-config';
export * from './config/load-config';
export * from './config/duration';
export * from './config/env-fields';
export * from './config/trust-proxy-field';
export * from './config/config.module';
export * from './logging/log-level';
export * from './logging/json-logger';
export * from './metrics/metrics.registry';
export * from './metrics/metrics.module';
export * from './health/dependency-probes';
export * from './health/health.module';
export * from './http/api-error';
export * from './http/error-keys';
export * from './http/exception-body';
export * from './http/all-exceptions.filter';
export * from './http/zod-validation.pipe';
export * from './http/zod-api-schema';
export * from './bootstrap/service-app-options';
export * from './bootstrap/create-service-app';
export * from './bootstrap/run-service';
export * from './bootstrap/keep-alive';
export * from './database/mongoose-options';
export * from './database/database.module';
export * from './redis/redis-connection';
export * from './platform.module';
export * from './bootstrap/startup-error';
export * from './database/duplicate-key';
export * from './database/ensure-indexes';
export * from './database/transaction';
export * from './throttle/redis-rate-limiter';
export * from './throttle/token-bucket';
export * from './http/trust-proxy';
export * from './sessions/session-state';
export * from './http/unavailable';
export { markContended, sharedWork } from './tracing/request-trace';
