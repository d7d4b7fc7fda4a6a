import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { MongoNetworkError, MongoOperationTimeoutError, MongoServerError } from 'mongodb';
import { packedSqlState } from '../database/sql-state';
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

  it('answers 503 for a database restarting, going away or out of time: codes, labels and timeouts, never 500', () => {
    const server = (code: number, message: string, labels: string[] = []) => {
      const err = new MongoServerError({ message, code, errmsg: message });
      for (const label of labels) err.addErrorLabel(label);
      return err;
    };
    const unavailable = [
      // A restarted DocumentDB asked to go on with a transaction begun before (no label, unlike MongoDB): seen mid-burst.
      server(251, 'Cannot continue transaction 460'),
      // PostgreSQL behind DocumentDB starting again (57P03, its SQLSTATE packed in the code): seen mid-burst.
      server(packedSqlState('57P03'), 'the database system is not yet accepting connections'),
      server(packedSqlState('57P01'), 'terminating connection due to administrator command'),
      server(1, 'Pool error: error connecting to server: Connection refused (os error 111)'),
      server(11600, 'interrupted at shutdown'),
      server(91, 'The server is in quiesce mode and will shut down'),
      server(10107, 'not primary'),
      server(189, 'primary stepped down'),
      server(50, 'operation exceeded time limit'),
      server(1, 'any code', ['TransientTransactionError']),
      server(1, 'any code', ['UnknownTransactionCommitResult']),
      // The pool's own errors (not exported by the driver: their names are what it throws).
      Object.assign(new Error('Timed out while checking out a connection from connection pool'), { name: 'MongoWaitQueueTimeoutError' }),
      Object.assign(new Error('Attempted to check out a connection from closed connection pool'), { name: 'MongoPoolClosedError' }),
      Object.assign(new Error('Connection pool for 127.0.0.1:27017 was cleared'), { name: 'PoolClearedOnNetworkError' }),
      new MongoOperationTimeoutError('Timed out during operation execution'),
      new MongoNetworkError('connection 7 to 127.0.0.1:27017 closed'),
    ];
    expect(unavailable.map((err) => [err.message, toErrorReply(err).status])).toEqual(unavailable.map((err) => [err.message, 503]));
    // A bad query or a bug stays a 500 (and a duplicate key is decided by the caller).
    expect(toErrorReply(server(2, 'BadValue')).status).toBe(500);
    expect(toErrorReply(server(11000, 'E11000 duplicate key error')).status).toBe(500);
  });

  it('hides unexpected errors behind a 500', () => {
    expect(toErrorReply(new TypeError('x is undefined'))).toEqual({ status: 500, body: { error: 'internal' }, unexpected: true });
  });
});
