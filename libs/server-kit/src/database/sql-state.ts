/**
 * DocumentDB (the local engine, docs/decisions/0010) passes a PostgreSQL error it has no MongoDB
 * code for on as a MongoDB error whose code packs the error's SQLSTATE: five characters, 6 bits each
 * counted from '0', the first in the lowest bits (pg_documentdb_gw's postgres_sqlstate_to_i32:
 * 40001 → 16777220).
 */
export function packedSqlState(state: string): number {
  return [...state].reduce((code, char, i) => code + ((char.charCodeAt(0) - 48) & 0x3f) * 2 ** (6 * i), 0);
}

/**
 * PostgreSQL states of a server that is restarting, shutting down, out of connections or cancelled a
 * statement on a timeout: the database away for a moment, not a bad request. Only states whose last
 * character is not '0', so that their packed code (at least 2^24) is never one of MongoDB's own.
 */
const AWAY_STATES = [
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / not yet accepting connections
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement timeout
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '08P01', // protocol_violation (a connection cut mid-message)
];
const AWAY_CODES = new Set(AWAY_STATES.map(packedSqlState));

/**
 * The gateway's own InternalError (code 1) when it cannot reach PostgreSQL (its connection pool, its
 * sockets), and PostgreSQL's messages for the states above and for running out of connections.
 */
const AWAY_MESSAGE =
  /^(Pool error|Create pool error|Build pool error)\b|connection (refused|reset)|broken pipe|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|terminating connection|too many clients|remaining connection slots/i;

/** Whether a MongoDB server error is DocumentDB telling that PostgreSQL behind it is away for now (restarting, full, timed out). */
export function isDatabaseAwayState(err: { code?: unknown; message?: string }): boolean {
  return (typeof err.code === 'number' && AWAY_CODES.has(err.code)) || AWAY_MESSAGE.test(err.message ?? '');
}
