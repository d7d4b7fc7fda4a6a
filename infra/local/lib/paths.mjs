import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Local state (databases, Redis AOF, built tools, logs): git-ignored. */
export const DATA_DIR = process.env.PUPITRE_DATA_DIR ? path.resolve(process.env.PUPITRE_DATA_DIR) : path.join(ROOT, '.data');
