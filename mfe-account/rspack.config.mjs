import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteBuildWithRenderer } from '../tools/rspack/index.mjs';

// The remote (and its standalone page's runtime), then its renderer (issue #39), in one build.
export default remoteBuildWithRenderer({ appDir: path.dirname(fileURLToPath(import.meta.url)), name: 'account' });
