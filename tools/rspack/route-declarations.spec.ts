import { routeChunkName } from './route-chunk-name.mjs';

test("a page's screen chunk is named after its path", () => {
  expect(routeChunkName('/teacher/:id')).toBe('route-teacher-id');
  expect(routeChunkName('/password/reset/confirm/:uid/:token')).toBe('route-password-reset-confirm-uid-token');
  expect(routeChunkName('/communaute')).toBe('route-communaute');
  expect(routeChunkName('/')).toBe('route');
});
