import { apiDocsEnabled, type ServiceAppOptions } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type RatingConfig } from '../config/rating-config';

export function ratingAppOptions(config: RatingConfig): ServiceAppOptions {
  return {
    name: 'rating',
    logLevel: config.LOG_LEVEL,
    corsOrigins: config.CORS_ORIGINS,
    bodyLimit: '32kb',
    version,
    // The Swagger UI: on locally, off in production (API_DOCS).
    ...(apiDocsEnabled(config)
      ? { docs: { path: '/api/docs', title: 'Pupitre rating', description: 'Teachers, subjects, reviews and ranking' } }
      : {}),
  };
}
