import { type DynamicModule, type Type } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type AddressInfo } from 'node:net';
import { createServiceApp } from '../bootstrap/create-service-app';
import { type ServiceAppOptions } from '../bootstrap/service-app-options';

export interface TestApp {
  app: NestExpressApplication;
  /** `http://127.0.0.1:<port>`: hand it to supertest (`request(t.url)`) or fetch. */
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts a service's root module in-process, configured exactly as `runService` does, on a free
 * loopback port. Shutdown hooks are not installed (jest owns the process): call `close()`.
 */
export async function startTestApp(module: Type<unknown> | DynamicModule, options: Partial<ServiceAppOptions> = {}): Promise<TestApp> {
  const app = await createServiceApp(module, {
    name: 'test',
    logLevel: (process.env.TEST_LOG_LEVEL as ServiceAppOptions['logLevel']) ?? 'silent',
    corsOrigins: [],
    ...options,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
