// `npm start`: installs what is missing, then starts the whole local stack (infra/local/start.mjs).
import { runOnNode24 } from './lib/bootstrap.mjs';

runOnNode24('infra/local/start.mjs');
