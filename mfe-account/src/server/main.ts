// The account renderer's entry (built by tools/rspack/renderer.mjs to dist-server/renderer.js):
//   PORT=4303 HOST=127.0.0.1 API_URL=http://127.0.0.1:3001 node mfe-account/dist-server/renderer.js
import { runRenderer } from '@pupitre/mf-runtime/src/server';
import { accountRenderer } from './renderer';

runRenderer(accountRenderer);
