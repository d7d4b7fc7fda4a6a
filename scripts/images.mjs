// `npm run images`: installs what is missing, then builds every image (infra/images/build.mjs).
import { runOnNode24 } from './lib/bootstrap.mjs';

runOnNode24('infra/images/build.mjs');
