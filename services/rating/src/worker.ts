// Rating worker entry point: consumes the `review-publication` queue in its own process and
// serves /healthz, /readyz and /metrics on PORT (default 3003). SIGTERM drains running jobs.
import 'reflect-metadata';
import { loadConfig, runService } from '@pupitre/server-kit';
import { workerEnvSchema } from './config/worker-config';
import { WorkerModule } from './worker/worker.module';

const config = loadConfig(workerEnvSchema, process.env, 'rating-worker');
void runService(WorkerModule.forRoot(config), {
  name: 'rating-worker',
  logLevel: config.LOG_LEVEL,
  corsOrigins: [],
  port: config.PORT,
  host: config.HOST,
});
