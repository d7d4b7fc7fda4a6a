// Writes a composed page into the shell's own index.html: its language, title, the remote's styles
// (before the first paint: no shift when they arrive) and preloads of everything its takeover
// fetches (the remote's scripts, its manifest, the federation runtime), the rendered #root, the
// JSON data block the browser takes over from, and what a visitor without JavaScript is told.
// Nothing executable is added: the CSP stays as it is.
import { dataBlockJson, SSR_DATA_ID, type RemoteAsset, type ServerPageData } from '@pupitre/mf-runtime';
import { AFTER_PAINT_META } from '../early/after-paint';

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

/** The tag that asks for one asset: a stylesheet, or a preload (a fetch in CORS mode, as the page's code fetches it). */
function assetTag({ href, as }: RemoteAsset): string {
  if (as === 'style') return `<link rel="stylesheet" href="${escapeAttr(href)}">`;
  // A picture preloaded is the page's largest (the home page's poster): asked for first.
  const extra = as === 'fetch' ? ' crossorigin="anonymous"' : as === 'image' ? ' fetchpriority="high"' : '';
  return `<link rel="preload" href="${escapeAttr(href)}" as="${as}"${extra}>`;
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
 * index.html's deferred scripts but the early one become preloads, named in a meta tag for the
 * early script to start once the page is painted (shell/src/early/after-paint.ts): they download
 * beside the styles, and none runs before the first paint.
 */
function startScriptsAfterPaint(html: string): string {
  const later: string[] = [];
  const out = html.replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (tag, src: string) => {
    if (/\/early\.[\w.]*js$/.test(src)) return tag;
    later.push(src);
    return `<link rel="preload" href="${escapeAttr(src)}" as="script">`;
  });
  if (later.length === 0) throw new TemplateError('index.html: no deferred script to start after the first paint');
  return replaceOnce(out, /<\/head>/, () => `<meta name="${AFTER_PAINT_META}" content="${escapeAttr(later.join(' '))}"></head>`);
}

export function composeDocument(indexHtml: string, page: ComposedPage): string {
  // The styles first (the first paint waits for them), the preloads after the shell's own files
  // (main.js, its CSS and catalogue come first on the browser's few connections).
  const styles = page.assets.filter((asset) => asset.as === 'style');
  const preloads = page.assets.filter((asset) => asset.as !== 'style');
  let html = replaceOnce(startScriptsAfterPaint(indexHtml), /<html lang="[a-z-]*"/, () => `<html lang="${page.data.lang}"`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>${styles.map(assetTag).join('')}`);
  html = replaceOnce(html, /<\/head>/, () => `${preloads.map(assetTag).join('')}</head>`);
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
