import { type LogLevelName } from '../logging/log-level';

export interface DocsOptions {
  /** Where Swagger UI is served (`/auth/docs`, `/api/docs`); the JSON is at `<path>/openapi.json`. */
  path: string;
  title: string;
  description?: string;
}

export interface ServiceAppOptions {
  /** Service name: log lines and the `service` label of metrics. */
  name: string;
  logLevel: LogLevelName;
  corsOrigins: string[];
  /** Largest accepted request body (body-parser syntax). Default `100kb`. */
  bodyLimit?: string;
  docs?: DocsOptions;
  version?: string;
}
