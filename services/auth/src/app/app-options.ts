import { apiDocsEnabled, type ServiceAppOptions } from '@pupitre/server-kit';
import { version } from '../../package.json';
import { type AuthConfig } from '../config/auth-config';

/** HTTP-level settings of the auth service, shared by main.ts and the tests. */
export function authAppOptions(config: AuthConfig): ServiceAppOptions {
  return {
    name: 'auth',
    logLevel: config.LOG_LEVEL,
    corsOrigins: config.CORS_ORIGINS,
    bodyLimit: '32kb',
    version,
    // The Swagger UI: on locally, off in production (API_DOCS).
    ...(apiDocsEnabled(config) ? { docs: { path: '/auth/docs', title: 'Pupitre auth', description: 'Accounts and tokens' } } : {}),
  };
}
