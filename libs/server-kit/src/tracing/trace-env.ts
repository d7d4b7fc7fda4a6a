// The opt-in switch of the database trace: tests set DB_TRACE_DIR (the integration setup does), and
// only then do the services monitor their database commands and attribute them to requests.
// Production never sets it: nothing is installed, nothing is counted.

/** The folder the trace files go to, or null when tracing is off. */
export const traceDir = (): string | null => process.env.DB_TRACE_DIR || null;

/** What sent the traced operations (the integration test file), recorded beside each shape. */
export const traceSource = (): string => process.env.DB_TRACE_SOURCE || 'unknown';

/** The trace variables to hand to a child process (a bundle started by a test), empty when off. */
export function traceEnv(): Record<string, string> {
  const dir = traceDir();
  return dir ? { DB_TRACE_DIR: dir, DB_TRACE_SOURCE: traceSource() } : {};
}
