import { type MongooseModuleOptions } from '@nestjs/mongoose';

export interface DatabaseSettings {
  uri: string;
  dbName: string;
  /** How long the driver looks for a server before giving up (start-up and each operation). */
  serverSelectionTimeoutMS?: number;
  /** Extra connection attempts at start-up after the first one fails. */
  retryAttempts?: number;
  /** Connections opened at start and kept (the driver's minPoolSize): a burst then pays for none (TCP, SCRAM). */
  minPoolSize?: number;
  /** The most connections the process opens (the driver's maxPoolSize; its default is 100): an operation beyond waits for one. */
  maxPoolSize?: number;
}

/**
 * Connection settings for MongooseModule.forRoot. By default a missing database would hang
 * start-up for minutes; here start-up fails after about (1 + retryAttempts) × serverSelectionTimeoutMS.
 */
export function mongooseOptions(settings: DatabaseSettings): MongooseModuleOptions & { uri: string } {
  return {
    uri: settings.uri,
    dbName: settings.dbName,
    serverSelectionTimeoutMS: settings.serverSelectionTimeoutMS ?? 5000,
    connectTimeoutMS: 5000,
    retryAttempts: settings.retryAttempts ?? 1,
    retryDelay: 1000,
    ...(settings.minPoolSize ? { minPoolSize: settings.minPoolSize } : {}),
    ...(settings.maxPoolSize ? { maxPoolSize: settings.maxPoolSize } : {}),
    // Indexes are declared on the schemas and built at start-up, before the service is ready
    // (indexes-ready.ts: one command per collection, awaited).
    autoIndex: false,
  };
}

/** The URI without credentials, for log lines and error messages. */
export function redactUri(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, '//***@');
}
