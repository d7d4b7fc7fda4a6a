import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { watchContentSecurityPolicy } from './csp-guard';
import { startGoogleProvider, type GoogleProvider } from './google-provider';
import { buildAll } from '../../infra/local/lib/build.mjs';
import { freePorts, portTaken, startStack, UNLIMITED_RATES } from '../../infra/local/stack.mjs';
import { ROOT } from '../../infra/local/lib/paths.mjs';

export type Stack = Awaited<ReturnType<typeof startStack>> & {
  /** The file served as /config.json (the shell's runtime configuration); tests may rewrite it. */
  runtimeConfigFile: string;
  /** The local Google-type provider the auth service signs in against. */
  google: GoogleProvider;
};

/**
 * A full stack of its own (fresh database, Redis, mail catcher, services, remotes, the nginx edge) on free
 * ports, started once per worker. Its /remotes.json is a temporary copy that tests may rewrite.
 * Every test fails on any Content-Security-Policy violation in its pages, whether in the `page`
 * fixture's context or in a context it creates itself.
 */
export const test = base.extend<{ cspViolations: string[] }, { stack: Stack }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watchContentSecurityPolicy(context, violations);
      const onContext = (created: typeof context) => void watchContentSecurityPolicy(created, violations);
      browser.on('context', onContext);
      await use(violations);
      browser.off('context', onContext);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      buildAll({ quiet: true });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-e2e-'));
      const remotesFile = path.join(dir, 'remotes.json');
      fs.copyFileSync(path.join(ROOT, 'infra/local/remotes.json'), remotesFile);
      const google = await startGoogleProvider();
      // A free port is free when picked, not when listened on: another program on the machine may
      // take it in between (a service's EADDRINUSE, nginx's "Address already in use"). startStack
      // stops what it started; once more, other ports.
      const startOnFreePorts = async (attempt = 1): Promise<Awaited<ReturnType<typeof startStack>>> => {
        try {
          return await startStackOn(await freePorts());
        } catch (error) {
          if (attempt >= 3 || !portTaken(error)) throw error;
          return startOnFreePorts(attempt + 1);
        }
      };
      const startStackOn = (ports: Awaited<ReturnType<typeof freePorts>>) =>
        startStack({
          ports,
          dataDir: dir,
          remotesFile,
          useEnv: false,
          testing: true,
          publicHost: '127.0.0.1',
          // Two stacks and a browser share two cores here: a renderer's answer may take longer than
          // the production limit (250 ms) without anything being wrong; the degradation journeys
          // use renderers far slower than this. Tests change /config.json (launch gate, maintenance)
          // and expect the next page to show it: the composer reads its sources at each page.
          composerEnv: { RENDER_TIMEOUT_MS: '1500', SOURCES_TTL_MS: '0' },
          env: {
            LOG_LEVEL: 'warn',
            REVIEW_VALIDATION_DELAY: '2s',
            RELEASE_TIMES: 'every 1s', // development timings (the stack sets DEVELOPMENT_TIMINGS): public soon after
            ...UNLIMITED_RATES, // every browser of every test comes from 127.0.0.1
            ...google.env,
          },
        });
      const started = await startOnFreePorts();
      const stack: Stack = Object.assign(started, { runtimeConfigFile: path.join(dir, 'config.json'), google });
      await use(stack);
      await stack.stop();
      await google.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ stack }, use) => use(stack.url),
});

export { expect };
