// Auth service entry point: validate the environment (exit 78 on a problem), then serve.
import 'reflect-metadata';
import { loadConfig, runService } from '@pupitre/server-kit';
import { AppModule } from './app/app.module';
import { authAppOptions } from './app/app-options';
import { authEnvSchema } from './config/auth-config';

const config = loadConfig(authEnvSchema, process.env, 'auth');
void runService(AppModule.forRoot(config), { ...authAppOptions(config), port: config.PORT, host: config.HOST });
