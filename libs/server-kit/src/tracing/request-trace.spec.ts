import { EventEmitter } from 'node:events';
import { currentRequest, markContended, type RequestTrace, requestTraceMiddleware, sharedWork } from './request-trace';

test('work shared by every request runs outside the request that starts it', () => {
  let inside: RequestTrace | null = null;
  let shared: RequestTrace | null | undefined;
  const res = Object.assign(new EventEmitter(), { statusCode: 200 });
  requestTraceMiddleware('rating', () => undefined)({ method: 'GET' } as never, res as never, () => {
    inside = currentRequest();
    shared = sharedWork(() => currentRequest());
  });
  expect(inside).toMatchObject({ service: 'rating', method: 'GET' });
  expect(shared).toBeNull();
  expect(sharedWork(() => 42)).toBe(42);
});

test('a request that lost a write conflict is marked contended; outside a request nothing happens', () => {
  let done: RequestTrace | undefined;
  const res = Object.assign(new EventEmitter(), { statusCode: 200 });
  requestTraceMiddleware('rating', (trace) => (done = trace))({ method: 'POST', route: { path: '/x' } } as never, res as never, () =>
    markContended(),
  );
  res.emit('finish');
  expect(done).toMatchObject({ contended: true });
  expect(() => markContended()).not.toThrow();
});

test('a request no route handled is unmatched, even with a catch-all middleware pattern left on it', () => {
  const routeOf = (route: { path: string } | undefined) => {
    let done: RequestTrace | undefined;
    const res = Object.assign(new EventEmitter(), { statusCode: 404 });
    requestTraceMiddleware('rating', (trace) => (done = trace))(
      { method: 'GET', baseUrl: '', route } as never,
      res as never,
      () => undefined,
    );
    res.emit('finish');
    return done?.route;
  };
  expect([routeOf(undefined), routeOf({ path: '/{*rest}' }), routeOf({ path: '/api/teacher/:id' })]).toEqual([
    'unmatched',
    'unmatched',
    '/api/teacher/:id',
  ]);
});
