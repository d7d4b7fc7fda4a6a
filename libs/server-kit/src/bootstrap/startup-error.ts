/** A one-line, actionable description of why start-up failed. */
export function describeStartupError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.name === 'MongooseServerSelectionError' || err.name === 'MongoServerSelectionError') {
    return `database unreachable (check MONGODB_URI and that MongoDB (or DocumentDB locally) is running): ${err.message}`;
  }
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') return `port already in use (check PORT): ${err.message}`;
  return err.message;
}
