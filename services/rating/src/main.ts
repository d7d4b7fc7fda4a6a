// Rating API entry point: validate the environment (exit 78 on a problem), then serve.
import 'reflect-metadata';
import { loadConfig, runService } from '@pupitre/server-kit';
import { AppModule } from './app/app.module';
import { ratingAppOptions } from './app/app-options';
import { ratingEnvSchema } from './config/rating-config';

const config = loadConfig(ratingEnvSchema, process.env, 'rating');
void runService(AppModule.forRoot(config), { ...ratingAppOptions(config), port: config.PORT, host: config.HOST });
