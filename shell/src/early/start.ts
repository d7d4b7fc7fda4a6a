// Entry of the shell's early script (see ./early.ts, ./hold-taps.ts and ./warm-intl.ts): taps on a
// server-rendered page held until its takeover, the requests, then, while their answers travel, the
// Intl warm-up.
import { askEarly } from './early';
import { holdTapsUntilTakeover } from './hold-taps';
import { warmIntl } from './warm-intl';

holdTapsUntilTakeover(globalThis.document, globalThis.window);
askEarly(globalThis, globalThis.location.href, globalThis.document, () => warmIntl());
