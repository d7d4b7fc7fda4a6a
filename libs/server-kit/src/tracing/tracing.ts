// The hooks the platform installs when tracing is on (DB_TRACE_DIR, tests only): database commands
// monitored per connection, HTTP requests given a context, Redis commands counted. When it is off
// (production) every hook returns at once and nothing is installed.
import { type Connection } from 'mongoose';
import { type Redis } from 'ioredis';
import { markContended, requestTraceMiddleware } from './request-trace';
import { traceDir } from './trace-env';
import { TraceRecorder } from './trace-recorder';

let recorder: TraceRecorder | null | undefined;

/** This process's recorder, or null when tracing is off. */
export function traceRecorder(): TraceRecorder | null {
  if (recorder === undefined) {
    const dir = traceDir();
    recorder = dir ? new TraceRecorder(dir) : null;
  }
  return recorder;
}

/** Mongoose options that make a connection report its commands (only when tracing is on). */
export function tracedConnectionOptions(service: string): {
  monitorCommands?: boolean;
  onConnectionCreate?: (connection: Connection) => void;
} {
  if (!traceRecorder()) return {};
  return { monitorCommands: true, onConnectionCreate: (connection) => traceConnection(connection, service) };
}

function traceConnection(connection: Connection, service: string): void {
  const rec = traceRecorder();
  if (!rec) return;
  // A shape seen for the first time is explained on the same database (the plan the real engine picks).
  const explain = (databaseName: string) => (find: Record<string, unknown>) =>
    connection.getClient().db(databaseName).command({ explain: find, verbosity: 'queryPlanner' });
  connection.on('commandStarted', (event: { commandName: string; command: Record<string, unknown>; databaseName: string }) =>
    rec.command(service, event.commandName, event.command, explain(event.databaseName)),
  );
  // A command that failed (a network error in a fault test, a conflict) is sent again: the request's
  // count then depends on the fault, not on the code, so it is counted apart from the budgets.
  connection.on('commandFailed', () => markContended());
  rec.connectionOpened(connection, service, connection.models as never);
  connection.once('close', () => rec.connectionClosed(connection));
}

/** The request-context middleware, or null when tracing is off. */
export function requestTracing(service: string) {
  const rec = traceRecorder();
  return rec ? requestTraceMiddleware(service, (trace) => rec.requestDone(trace)) : null;
}

/** Counts the commands of a Redis connection for the request that sends them (when tracing is on). */
export function traceRedis<T extends Redis>(client: T): T {
  const rec = traceRecorder();
  if (!rec) return client;
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command, stream) => {
    rec.redisCommand();
    return send(command, stream);
  }) as Redis['sendCommand'];
  return client;
}
