// Entry of the shell's early script, under 1 KB beside main.js: taps on a server-rendered page held
// until its takeover (./hold-taps.ts); on such a page the shell's code started once the page is
// painted (./after-paint.ts); while main.js downloads, the Intl warm-up (./warm-intl.ts). It asks
// for nothing: what a page needs is named by the page itself (the composer's preloads and data
// block, index.html's preloads), and main.js asks for the rest.
import { startScriptsAfterPaint } from './after-paint';
import { holdTapsUntilTakeover } from './hold-taps';
import { warmIntl } from './warm-intl';

holdTapsUntilTakeover(globalThis.document, globalThis.window);
// The warm-up never before the first paint: on a server-rendered page, once it is painted, each
// formatter in a task of its own (after the paint, a long task would count as blocking time).
const warmSliced = () => warmIntl(undefined, undefined, (warmUp) => void setTimeout(warmUp, 0));
if (!startScriptsAfterPaint(globalThis.document, globalThis.window, warmSliced)) warmIntl();
