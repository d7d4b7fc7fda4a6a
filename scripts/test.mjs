// `npm test`: installs what is missing, then runs every check (scripts/run-checks.mjs).
import { runOnNode24 } from './lib/bootstrap.mjs';

runOnNode24('scripts/run-checks.mjs');
