import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ApiError } from './api-error';
import { toErrorReply } from './exception-body';

describe('toErrorReply', () => {
  it('sends ApiError bodies unchanged (contract-specific shapes)', () => {
    expect(toErrorReply(new ApiError(400, { email: ['Enter a valid email address.'] }))).toEqual({
      status: 400,
      body: { email: ['Enter a valid email address.'] },
      unexpected: false,
    });
  });

  it('maps Nest exceptions to an error key', () => {
    expect(toErrorReply(new NotFoundException('Cannot GET /x')).body).toEqual({ error: 'not-found' });
    expect(toErrorReply(new BadRequestException('bad id')).body).toEqual({ error: 'bad-request', detail: 'bad id' });
    expect(toErrorReply(new PayloadTooLargeException()).status).toBe(413);
  });

  it('keeps body-parser client errors as 4xx', () => {
    const err = Object.assign(new SyntaxError('Unexpected token'), { status: 400, expose: true, type: 'entity.parse.failed' });
    expect(toErrorReply(err)).toEqual({ status: 400, body: { error: 'bad-request', detail: 'Unexpected token' }, unexpected: false });
  });

  it('answers 503 with Retry-After when the database is out of reach, not 500', () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoServerSelectionError' });
    expect(toErrorReply(down)).toEqual({ status: 503, body: { error: 'unavailable' }, unexpected: false, headers: { 'Retry-After': '5' } });
    const buffering = Object.assign(new Error('Operation `reviews.findOne()` buffering timed out after 10000ms'), {
      name: 'MongooseError',
    });
    expect(toErrorReply(buffering).status).toBe(503);
    expect(toErrorReply(new Error('wrapped', { cause: down })).status).toBe(503);
    const broken = Object.assign(new Error('This socket has been ended by the other party'), { code: 'EPIPE' });
    expect(toErrorReply(broken).status).toBe(503);
    expect(toErrorReply(Object.assign(new Error('E11000 duplicate key'), { name: 'MongoServerError' })).status).toBe(500);
  });

  it('answers 503 with Retry-After for a write conflict still lost after its retries (a row held by a transaction the database has not ended)', () => {
    const held = Object.assign(new Error('SqlState(E55P03)'), { name: 'MongoServerError', code: 112 });
    expect(toErrorReply(held)).toEqual({ status: 503, body: { error: 'unavailable' }, unexpected: false, headers: { 'Retry-After': '5' } });
  });

  it('hides unexpected errors behind a 500', () => {
    expect(toErrorReply(new TypeError('x is undefined'))).toEqual({ status: 500, body: { error: 'internal' }, unexpected: true });
  });
});
