export { createHostConfig, devRemotesJson, hostSharedVersions, SHELL_PORT } from './host.mjs';
export { createRemoteConfig, REMOTE_PORTS } from './remote.mjs';
export { sharedConfig, SHARED_SINGLETONS } from './shared.mjs';
export { runtimeConfigFromEnv } from './runtime-config.mjs';
export { baseConfig, GATEWAY_URL } from './base.mjs';
export { createRendererConfig, remoteBuildWithRenderer, rendererPath, RENDERER_FILE } from './renderer.mjs';
