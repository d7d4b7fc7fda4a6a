import { Logger } from '@nestjs/common';
import { requestContextMiddleware } from '../logging/request-context';
import { AllExceptionsFilter, withoutKeyValues } from './all-exceptions.filter';
import { ApiError } from './api-error';

describe('withoutKeyValues', () => {
  it("drops the key a MongoDB duplicate-key message quotes (an account id there would sit next to the request's review path)", () => {
    const message = 'E11000 duplicate key error collection: pupitre.user_index index: _id_ dup key: { _id: "acc-123" }';
    expect(withoutKeyValues(message)).toBe('E11000 duplicate key error collection: pupitre.user_index index: _id_ dup key: {…}');
    expect(withoutKeyValues(`MongoServerError: ${message}\n    at x (y.js:1:2)`)).not.toContain('acc-123');
  });

  it('leaves other messages as they are', () => {
    expect(withoutKeyValues("Duplicate key violation on the requested collection: Index '_id_'")).toBe(
      "Duplicate key violation on the requested collection: Index '_id_'",
    );
    expect(withoutKeyValues(undefined)).toBeUndefined();
  });
});

describe('AllExceptionsFilter and the request id', () => {
  const answer = (exception: unknown) => {
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      headersSent: false,
      setHeader: () => undefined,
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
      },
    };
    const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ method: 'GET', originalUrl: '/x' }) }) };
    Logger.overrideLogger(false);
    let done: typeof sent = {};
    requestContextMiddleware()({ requestId: 'req-0123456789abcdef' } as never, res as never, () => {
      new AllExceptionsFilter().catch(exception, host as never);
      done = { ...sent };
    });
    return done;
  };

  it('puts the request id in a 5xx body, to quote when reporting it; never in a 4xx', () => {
    expect([answer(new Error('boom')), answer(new ApiError(404, { error: 'not-found' }))]).toEqual([
      { status: 500, body: { error: 'internal', request_id: 'req-0123456789abcdef' } },
      { status: 404, body: { error: 'not-found' } },
    ]);
  });
});
