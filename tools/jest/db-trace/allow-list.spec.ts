import fs from 'node:fs';
import path from 'node:path';
import { ALLOWED_SHAPES } from './allow-list';

const root = path.resolve(__dirname, '../../..');

/** The services' code (specs left out): what may send a query the allow-list admits. */
function serviceSources(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) out.push(fs.readFileSync(full, 'utf8'));
    }
  };
  for (const service of fs.readdirSync(path.join(root, 'services'))) {
    const src = path.join(root, 'services', service, 'src');
    if (fs.existsSync(src)) walk(src);
  }
  return out.join('\n');
}

describe('the query allow-list', () => {
  it("admits scans only of collections the services' code names (no entry left for a collection nothing uses)", () => {
    const code = serviceSources();
    // `conn.collection('x')`, `collection<Doc>('x')` or a schema's `{ collection: 'x' }`.
    const used = (name: string) =>
      new RegExp(`collection(<[^>]*>)?\\(\\s*['"\`]${name}['"\`]|collection:\\s*['"\`]${name}['"\`]`).test(code);
    const unused = [...new Set(ALLOWED_SHAPES.map((s) => s.collection))].filter((name) => !used(name));
    expect(unused).toEqual([]);
  });
});
