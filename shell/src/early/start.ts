// Entry of the shell's early script (see ./early.ts).
import { askEarly } from './early';

askEarly();
