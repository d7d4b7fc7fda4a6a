// The one library of request and response shapes: TypeScript types and the zod schemas that check
// them at run time. Services validate their input with these schemas; front ends type their calls
// with the same types. See ../../../docs/architecture.md and the API contract.
export * from './ids';
export * from './public-dates';
export * from './errors';
export * from './health';
export * from './catalogue';
export * from './tokens';
export * from './sessions';
export * from './second-factor';
export * from './account-sessions';
export * from './events';
export * from './auth';
export * from './session-transport';
export * from './rating';
export * from './text-checks';
export * from './admin';
export * from './publication-health';
export * from './transparency';
export * from './teacher-voice';
export * from './endpoints';
export * from './front-end-routes';
export * from './browsing';
export * from './personal-data';
export * from './personal-data-catalogue';
export * from './personal-data-labels';
