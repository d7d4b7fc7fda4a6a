// Entry of the shell's early script (see ./early.ts and ./warm-intl.ts): the requests first, then,
// while their answers travel, the Intl warm-up.
import { askEarly } from './early';
import { warmIntl } from './warm-intl';

askEarly(globalThis, globalThis.location.href, globalThis.document, () => warmIntl());
