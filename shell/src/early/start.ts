// Entry of the shell's early script (see ./early.ts and ./warm-intl.ts).
import { askEarly } from './early';
import { warmIntl } from './warm-intl';

askEarly();
warmIntl();
