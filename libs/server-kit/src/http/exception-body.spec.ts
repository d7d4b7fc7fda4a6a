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

  it('hides unexpected errors behind a 500', () => {
    expect(toErrorReply(new TypeError('x is undefined'))).toEqual({ status: 500, body: { error: 'internal' }, unexpected: true });
  });
});
