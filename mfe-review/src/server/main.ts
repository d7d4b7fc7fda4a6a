// The review renderer's entry (built by tools/rspack/renderer.mjs to dist-server/renderer.js):
//   PORT=4302 HOST=127.0.0.1 API_URL=http://127.0.0.1:3001 node mfe-review/dist-server/renderer.js
import { runRenderer } from '@pupitre/mf-runtime/src/server';
import { reviewRenderer } from './renderer';

runRenderer(reviewRenderer);
