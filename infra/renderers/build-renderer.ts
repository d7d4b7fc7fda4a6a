// Builds a remote as its `build` target does (browser build into <app>/<out>, renderer into
// <app>/<out>-server/renderer.js), in folders of the test's own, removed by `clean()`.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BuiltRenderer {
  appDir: string;
  /** The browser build's folder (its CSS). */
  browserDir: string;
  entry: string;
  clean(): void;
}

export function buildRenderer(remote: 'community' | 'review' | 'account'): BuiltRenderer {
  const appDir = path.resolve(__dirname, `../../mfe-${remote}`);
  const out = `dist-it-${randomBytes(4).toString('hex')}`;
  const cli = path.resolve(appDir, '../node_modules/@rspack/cli/bin/rspack.js');
  const clean = () => {
    fs.rmSync(path.join(appDir, `${out}-server`), { recursive: true, force: true });
    fs.rmSync(path.join(appDir, out), { recursive: true, force: true });
  };
  try {
    execFileSync(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', MFE_OUT_DIR: out },
    });
  } catch (err) {
    clean();
    const { stdout, stderr } = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`building the ${remote} renderer failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: err });
  }
  return { appDir, browserDir: path.join(appDir, out), entry: path.join(appDir, `${out}-server`, 'renderer.js'), clean };
}

/** The CSS-module class names in `html` (the shared `pp-` classes left out). */
export function moduleClasses(html: string[]): string[] {
  const classes = new Set(html.flatMap((page) => [...page.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/))));
  return [...classes].filter((name) => name && !name.startsWith('pp-'));
}

/** The CSS-module class names in `html` that the browser build's stylesheets do not define. */
export function unstyledModuleClasses(browserDir: string, html: string[]): string[] {
  const css = fs
    .readdirSync(browserDir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => fs.readFileSync(path.join(browserDir, file), 'utf8'))
    .join('\n');
  return moduleClasses(html).filter((name) => !css.includes(`.${name}`));
}
