// `npm run images:check`: installs what is missing, then starts and checks every built image
// (infra/images/check.mjs).
import { runOnNode24 } from './lib/bootstrap.mjs';

runOnNode24('infra/images/check.mjs');
