import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeServiceConfig } from '../../tools/rspack/node-service.mjs';

export default nodeServiceConfig({
  serviceDir: path.dirname(fileURLToPath(import.meta.url)),
  entries: {
    main: './src/main.ts',
    worker: './src/worker.ts',
    migrate: './src/migrate.ts',
    seed: './src/seed/main.ts',
    catalogue: './src/catalogue/main.ts',
  },
});
