// Entry of the shell's early script, a few hundred bytes beside main.js: taps on a server-rendered
// page held until its takeover (./hold-taps.ts), then, while main.js still downloads, the Intl
// warm-up (./warm-intl.ts). It asks for nothing: what a page needs is named by the page itself (the
// composer's preloads and data block, index.html's preloads), and main.js asks for the rest.
import { holdTapsUntilTakeover } from './hold-taps';
import { warmIntl } from './warm-intl';

holdTapsUntilTakeover(globalThis.document, globalThis.window);
warmIntl();
