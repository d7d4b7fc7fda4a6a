// One page navigation: one of the shell's own reading pages, rendered here whole; the remote page at
// `path`, rendered by its team's renderer and composed with the shell's layout; or, whenever that cannot be done well (no renderer, a slow or failing one, a
// page before the launch or during a planned maintenance's notice), the shell's index.html as it
// is: the page the browser builds, exactly as before server rendering.
import { findRemoteRoute, manifestVersion, remoteAssets, SHELL_PAGE, type RemoteAsset, type ServerPageData } from '@pupitre/mf-runtime';
import { type Language } from '@pupitre/i18n';
import { renderedShellPath, type ShellPath } from '../shell-paths';
import { type ComposerConfig } from './config';
import { PROMO_POSTER } from '../home/promo-media';
import { chunksNamed, composeDocument } from './document';
import { fetchFragment } from './fragment';
import { pageTitle, preloadShellPage, renderShellPage, shellTitle } from './page';
import { pageUrl, type Sources } from './sources';

/** index.html's list of the federation runtime's script files (tools/rspack/host.mjs, CHUNK_LIST_METAS). */
export const FEDERATION_CHUNKS_META = 'pupitre-federation-chunks';

export type Composition = { kind: 'composed'; html: string; remote: string } | { kind: 'plain'; html: string; reason: string };

export async function composePage(
  config: ComposerConfig,
  sources: Sources,
  path: string,
  lang: Language,
  now = Date.now(),
): Promise<Composition> {
  const plain = (reason: string): Composition => ({ kind: 'plain', html: sources.indexHtml, reason });
  if (now / 1000 < sources.config.launchAt) return plain('before the launch');
  if (sources.config.maintenanceAt !== null) return plain('a maintenance is announced');
  // A renderer renders a pathname: a screen may read its query (`/auth?form=signup`,
  // `/publication?teacher=1`), and its first render in the browser would then differ.
  if (path.includes('?')) return plain('a query string');
  const own = renderedShellPath(path);
  if (own) return composeShellPage(sources, own, lang, now);
  const found = findRemoteRoute(sources.table, path);
  if (!found) return plain('not a remote page');
  const { route } = found;
  const rendererUrl = config.renderers[route.remote];
  const manifest = sources.manifests[route.remote];
  if (!route.render || !rendererUrl || !manifest) return plain(`${route.remote} renders no ${route.path}`);
  const outcome = await fetchFragment(rendererUrl, path, lang, config.renderTimeoutMs);
  if (outcome.kind === 'none') return plain(outcome.reason);
  const { fragment } = outcome;
  if (fragment.route !== route.path) return plain(`renderer rendered ${fragment.route}, not ${route.path}`);
  // The browser hydrates with the build its manifest names: HTML of another build would not match.
  const browserBuild = manifestVersion(manifest.json);
  if (browserBuild !== fragment.version)
    return plain(`renderer build ${fragment.version ?? '?'} is not the browser's ${browserBuild ?? '?'}`);
  const rootHtml = renderShellPage({
    path,
    lang,
    config: sources.config,
    table: sources.table,
    route: route.path,
    fragmentHtml: fragment.html,
  });
  if (rootHtml === null) return plain('no slot for the remote page in the layout');
  const data: ServerPageData = {
    v: 1,
    lang,
    path,
    remote: route.remote,
    route: route.path,
    table: sources.table,
    now: fragment.now,
    reads: fragment.reads,
    config: sources.config,
    remotes: sources.remotes,
    ...integrityOf(sources),
  };
  // The code the takeover runs, asked for by the page itself beside main.js: the remote's styles
  // and scripts and the federation runtime (paths of the page's own origin are written as paths,
  // the manifest URL resolved against it). main.js asks for the manifests once it runs.
  const assets: RemoteAsset[] = [
    ...remoteAssets(new URL(manifest.url, 'https://page.invalid/').href, manifest.json, path).map((asset) => ({
      ...asset,
      href: pageUrl(asset.href),
    })),
    ...chunksNamed(sources.indexHtml, FEDERATION_CHUNKS_META).map((href) => ({ href, as: 'script' as const })),
  ];
  const html = composeDocument(sources.indexHtml, { title: pageTitle(route, lang), rootHtml, assets, data });
  return { kind: 'composed', html, remote: route.remote };
}

/**
 * One of the shell's own pages (home, legal): the layout and the page, with the remotes' navbar
 * links; it reads nothing on the server (the home's last reviews fill in below the fold, in a
 * slot of their size, once the page is taken over).
 */
async function composeShellPage(sources: Sources, path: ShellPath, lang: Language, now: number): Promise<Composition> {
  await preloadShellPage(path);
  const rootHtml = renderShellPage({ path, lang, config: sources.config, table: sources.table, route: path });
  if (rootHtml === null) return { kind: 'plain', html: sources.indexHtml, reason: `${path} did not render whole` };
  const data: ServerPageData = {
    v: 1,
    lang,
    path,
    remote: SHELL_PAGE,
    route: path,
    table: sources.table,
    now,
    reads: {},
    config: sources.config,
    remotes: sources.remotes,
    ...integrityOf(sources),
  };
  // The home page's largest picture, the promo video's poster (a poster is not an <img>: the
  // browser's preload scanner would not find it).
  const assets: RemoteAsset[] = path === '/' ? [{ href: PROMO_POSTER, as: 'image' }] : [];
  const html = composeDocument(sources.indexHtml, { title: shellTitle(path, lang), rootHtml, assets, data });
  return { kind: 'composed', html, remote: SHELL_PAGE };
}

/** The entry hashes the page hands the browser, when /remotes.json records any. */
function integrityOf(sources: Sources): Pick<ServerPageData, 'remotesIntegrity'> {
  const recorded = sources.remotesIntegrity ?? {};
  return Object.keys(recorded).length > 0 ? { remotesIntegrity: recorded } : {};
}
