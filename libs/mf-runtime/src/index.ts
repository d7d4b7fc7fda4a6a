// The shell-facing API. The federation runtime itself (`./federation`) is not re-exported here:
// it is loaded lazily (./lazy.ts) so the shell's first load does not carry it.
export * from './remote-names';
export * from './remote-routes';
export * from './remote-assets';
export * from './remote-integrity';
export * from './remotes-config';
export * from './loader';
export * from './with-timeout';
export * from './RemoteRoute';
export * from './lazy';
export * from './ssr';
export type { FederationOptions, HostShared } from './federation';
