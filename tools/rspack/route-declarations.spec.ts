import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRouteDeclarations } from './read-route-declarations.mjs';
import { routeChunkName } from './route-chunk-name.mjs';

test("a page's screen chunk is named after its path", () => {
  expect(routeChunkName('/teacher/:id')).toBe('route-teacher-id');
  expect(routeChunkName('/password/reset/confirm/:uid/:token')).toBe('route-password-reset-confirm-uid-token');
  expect(routeChunkName('/communaute')).toBe('route-communaute');
  expect(routeChunkName('/')).toBe('route');
});

describe('readRouteDeclarations', () => {
  const title = { fr: 'a', es: 'b', en: 'c' };
  const read = (routes: unknown) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/route-declarations.json'), JSON.stringify(routes));
    try {
      return readRouteDeclarations(dir, {});
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  test('keeps `render: true` (the manifest advertises the renderer, issue #39)', () => {
    expect(read([{ path: '/ranking', title, render: true }]).routes).toEqual([{ path: '/ranking', title, render: true }]);
  });

  test('refuses a `render` that is not a boolean', () => {
    expect(() => read([{ path: '/ranking', title, render: 'yes' }])).toThrow(/"render" must be true or false/);
  });
});
