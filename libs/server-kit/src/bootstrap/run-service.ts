import { type DynamicModule, Logger, type Type } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger } from '../logging/json-logger';
import { createServiceApp } from './create-service-app';
import { keepConnectionsLongerThanProxies } from './keep-alive';
import { type ServiceAppOptions } from './service-app-options';
import { describeStartupError } from './startup-error';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 20_000;

/**
 * Starts a service for real: creates the app, enables graceful shutdown on SIGTERM/SIGINT
 * (Nest closes modules: queues drain, connections close), listens on host:port (HOST, default
 * 0.0.0.0), keeping idle connections longer than the proxies in front do (keep-alive.ts), and logs the URL.
 * A failure during start-up (database unreachable…) is logged as one JSON line and exits with 1.
 */
export async function runService(
  module: Type<unknown> | DynamicModule,
  options: ServiceAppOptions & { port: number; host?: string },
): Promise<NestExpressApplication> {
  try {
    const app = await createServiceApp(module, options);
    app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
    exitIfShutdownHangs();
    const host = options.host ?? '0.0.0.0';
    keepConnectionsLongerThanProxies(app.getHttpServer());
    await app.listen(options.port, host);
    new Logger('Bootstrap').log({ msg: `${options.name} listening on http://${host}:${options.port}`, port: options.port });
    return app;
  } catch (err) {
    new JsonLogger(options.logLevel === 'silent' ? 'fatal' : options.logLevel, undefined, 'Bootstrap').fatal({
      msg: `${options.name} failed to start: ${describeStartupError(err)}`,
    });
    process.exit(1);
  }
}

function exitIfShutdownHangs(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        process.stderr.write(`shutdown took longer than ${SHUTDOWN_GRACE_MS} ms, exiting\n`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }
}
