/** The generic `error` key of an HTTP status, used when no contract row gives a specific body. */
export function errorKeyForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 405:
      return 'method-not-allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload-too-large';
    case 415:
      return 'unsupported-media-type';
    case 429:
      return 'too-many-requests';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad-request';
  }
}
