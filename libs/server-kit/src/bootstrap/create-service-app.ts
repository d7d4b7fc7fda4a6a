import { type Type, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter } from '../http/all-exceptions.filter';
import { apiContentDisposition } from '../http/api-content-disposition';
import { jsonBodiesOnly } from '../http/json-bodies-only';
import { JsonLogger } from '../logging/json-logger';
import { requestContextMiddleware, requestIdMiddleware } from '../logging/request-context';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { MetricsRegistry } from '../metrics/metrics.registry';
import { requestTracing } from '../tracing/tracing';
import { type ServiceAppOptions } from './service-app-options';
import { setupSwagger } from './swagger';

/**
 * Creates a configured (not yet listening) Nest application: JSON logger, request metrics,
 * JSON bodies only (415 otherwise) with a size limit, `Content-Disposition` on JSON answers, CORS,
 * the global exception filter and Swagger (when `docs` is given: off in production, API_DOCS). Used by `runService` and by
 * the in-process test helper, so tests exercise exactly what production runs.
 */
export async function createServiceApp(module: Type<unknown> | DynamicModule, options: ServiceAppOptions): Promise<NestExpressApplication> {
  const logger = new JsonLogger(options.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger,
    bodyParser: false,
    abortOnError: false,
  });
  app.useLogger(logger);
  app.use(requestIdMiddleware());
  const metrics = app.get(MetricsRegistry, { strict: false });
  app.use(httpMetricsMiddleware(metrics));
  app.use(apiContentDisposition());
  // Bodies are JSON, nothing else (415 before any parser reads them): no form or text parser.
  app.use(jsonBodiesOnly());
  const limit = options.bodyLimit ?? '100kb';
  app.useBodyParser('json', { limit });
  app.use(requestContextMiddleware());
  // Tests only (DB_TRACE_DIR): each request's database operations counted (after the body parsers,
  // whose stream events would lose the request's context).
  const tracing = requestTracing(options.name);
  if (tracing) app.use(tracing);
  app.enableCors({ origin: options.corsOrigins.includes('*') ? true : options.corsOrigins.length ? options.corsOrigins : false });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.disable('x-powered-by');
  if (options.docs) setupSwagger(app, options.docs, options.version);
  return app;
}
