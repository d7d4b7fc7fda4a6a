export * from './route-ownership';
export * from './remotes-config';
export * from './federation';
export * from './with-timeout';
export * from './RemoteRoute';
