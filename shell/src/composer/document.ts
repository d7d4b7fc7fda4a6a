// Writes a composed page into the shell's own index.html: its language, title, the remote's styles
// (before the first paint: no shift when they arrive) and preloads of the code its takeover runs
// (the remote's scripts, the federation runtime), the rendered #root, the
// JSON data block the browser takes over from, and what a visitor without JavaScript is told.
// Nothing executable is added: the CSP stays as it is.
import { dataBlockJson, SSR_DATA_ID, type RemoteAsset, type ServerPageData } from '@pupitre/mf-runtime';
import { AFTER_PAINT_PRELOADS_META, AFTER_PAINT_SCRIPTS_META } from '../early/after-paint';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Said without JavaScript on a rendered page: it can be read, its forms need JavaScript. */
export const NO_SCRIPT_NOTICE: Record<ServerPageData['lang'], string> = {
  fr: 'Cette page se lit sans JavaScript ; ses formulaires (recherche, votes, signalements, avis) en ont besoin.',
  es: 'Esta página se lee sin JavaScript; sus formularios (búsqueda, votos, denuncias, opiniones) lo necesitan.',
  en: 'This page reads without JavaScript; its forms (search, votes, reports, reviews) need it.',
};

export interface ComposedPage {
  title: string;
  rootHtml: string;
  assets: RemoteAsset[];
  data: ServerPageData;
}

export class TemplateError extends Error {}

function replaceOnce(html: string, pattern: RegExp, replacement: (match: string) => string): string {
  let count = 0;
  const out = html.replace(pattern, (match) => {
    count += 1;
    return replacement(match);
  });
  if (count !== 1) throw new TemplateError(`index.html: expected one match of ${pattern}, found ${count}`);
  return out;
}

/** The tag that asks for a stylesheet, or a picture (the page's largest: the home page's poster). */
function assetTag({ href, as, integrity }: RemoteAsset): string {
  // A hashed style is asked for with its hash, as the remote's runtime would ask for it.
  const checked = integrity ? ` integrity="${escapeAttr(integrity)}" crossorigin="anonymous"` : '';
  if (as === 'style') return `<link rel="stylesheet" href="${escapeAttr(href)}"${checked}>`;
  return `<link rel="preload" href="${escapeAttr(href)}" as="${as}" fetchpriority="high">`;
}

/**
 * The script files a meta tag of index.html names (tools/rspack/host.mjs, CHUNK_LIST_METAS: the
 * federation runtime's chunks), as paths; none when index.html has no such tag.
 */
export function chunksNamed(indexHtml: string, meta: string): string[] {
  const content = new RegExp(`<meta name="${meta}" content="([^"]*)">`).exec(indexHtml)?.[1] ?? '';
  return content.split(' ').filter((file) => file.startsWith('/'));
}

/**
 * What runs and what downloads before the first paint of a composed page. Only the page, its styles,
 * the early script and main.js (a preload: it downloads beside the styles) are asked for at once;
 * the early script starts main.js once the page is painted (shell/src/early/after-paint.ts), and
 * asks then for the code the takeover runs: index.html's own script preloads (the catalogues) and
 * the remote's files. Scripts never block the first paint, nor take bandwidth from what it needs.
 */
function deferScripts(indexHtml: string, remoteScripts: string[]): string {
  const scripts: string[] = [];
  const preloads: string[] = [];
  let html = indexHtml.replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (tag, src: string) => {
    if (/\/early\.[\w.]*js$/.test(src)) return tag;
    scripts.push(src);
    return `<link rel="preload" href="${escapeAttr(src)}" as="script">`;
  });
  if (scripts.length === 0) throw new TemplateError('index.html: no deferred script to start after the first paint');
  html = html.replace(/<link rel="preload" href="([^"]+)" as="script">/g, (tag, href: string) => {
    if (scripts.includes(href)) return tag;
    preloads.push(href);
    return '';
  });
  const metas = [
    `<meta name="${AFTER_PAINT_SCRIPTS_META}" content="${escapeAttr(scripts.join(' '))}">`,
    `<meta name="${AFTER_PAINT_PRELOADS_META}" content="${escapeAttr([...preloads, ...remoteScripts].join(' '))}">`,
  ];
  return replaceOnce(html, /<\/head>/, () => `${metas.join('')}</head>`);
}

/**
 * index.html's preloads of /remotes.json and /config.json: a composed page carries both in its
 * data block, and each would take one of the browser's few connections before the first paint.
 */
const JSON_PRELOADS = /<link rel="preload" href="\/(?:remotes|config)\.json" as="fetch" crossorigin(?:="anonymous")?>/g;

export function composeDocument(indexHtml: string, page: ComposedPage): string {
  // The styles first (the first paint waits for them), a picture the page shows after the shell's
  // own files, scripts once the page is painted.
  const styles = page.assets.filter((asset) => asset.as === 'style');
  const images = page.assets.filter((asset) => asset.as === 'image');
  // A hashed script is named with its hash after it: the early script preloads it with both.
  const scripts = page.assets
    .filter((asset) => asset.as === 'script')
    .flatMap((asset) => (asset.integrity ? [asset.href, asset.integrity] : [asset.href]));
  let html = replaceOnce(
    deferScripts(indexHtml.replace(JSON_PRELOADS, ''), scripts),
    /<html lang="[a-z-]*"/,
    () => `<html lang="${page.data.lang}"`,
  );
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>${styles.map(assetTag).join('')}`);
  html = replaceOnce(html, /<\/head>/, () => `${images.map(assetTag).join('')}</head>`);
  html = replaceOnce(
    html,
    /<noscript>[^<]*<\/noscript>/,
    () => `<noscript><p class="pp-noscript">${escapeText(NO_SCRIPT_NOTICE[page.data.lang])}</p></noscript>`,
  );
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    () => `<div id="root">${page.rootHtml}</div><script type="application/json" id="${SSR_DATA_ID}">${dataBlockJson(page.data)}</script>`,
  );
  return html;
}
