// Helpers for integration tests (`*.int.spec.ts`); not part of the production bundles.
// - testDatabaseName(__filename): each test file gets a database of its own; testServiceConfig(schema,
//   __filename) builds a valid config on it from the global setup's MONGODB_URI/REDIS_URL; dropDatabase.
// - startTestApp(AppModule.forRoot(config)): the service in-process on a free port, for supertest.
// - buildServiceBundle('rating') + runNode/startNode(bundle.entry('main'), env): the real bundle as a child
//   process (start-up checks such as "exits 78 on a bad configuration", SIGTERM handling).
export * from './test-database-name';
export * from './start-test-app';
export * from './node-process';
export * from './build-service';
export * from './test-config';
export * from './drop-database';
export * from './use-test-database';
export * from './free-port';
export * from './token-issuer';
export * from './contract-request';
export * from './privacy-record';
export * from './privacy-audit';
export * from './private-redis';
