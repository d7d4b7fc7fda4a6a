// The batteries of malformed input the black-box probe sent, as data: ids for path parameters,
// request bodies, query strings. Each is invalid for every endpoint it is sent to.

/** Path parameter values, URL-encoded as they go on the wire. */
export const BAD_IDS: readonly string[] = [
  'abc',
  '-1',
  '1.5',
  '0x10',
  '1e3',
  '00',
  '%201',
  '1%20',
  '99999999999999999999',
  '9007199254740993',
  '9'.repeat(400),
  'Infinity',
  'NaN',
  'null',
  '%00',
  '1%00',
  '%ff',
  '..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows',
  encodeURIComponent('é'),
  encodeURIComponent('１'), // full-width digit one
  encodeURIComponent('١'), // Arabic-Indic digit one
  encodeURIComponent('💥'),
  encodeURIComponent('{"$gt":0}'),
  encodeURIComponent('[1]'),
  '1;2',
  'a'.repeat(4000),
];

export interface BadBody {
  name: string;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

const json = (name: string, value: unknown): BadBody => ({ name, contentType: 'application/json', body: JSON.stringify(value) });
const raw = (name: string, body: string, contentType = 'application/json'): BadBody => ({ name, contentType, body });

/** Fields the endpoints read, given values of the wrong type, operators or absurd sizes. */
const FIELDS = [
  'email',
  'password',
  're_password',
  'refresh',
  'uid',
  'token',
  'code',
  'current_password',
  'value',
  'content',
  'note',
  'reason',
  'csv',
  'name',
  'color',
  'prefix',
  'teacher',
  'subject',
  'year',
  'tot_rating',
];
const each = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const nested = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

export const BAD_BODIES: readonly BadBody[] = [
  raw('truncated JSON', '{"email": "a@b.fr", "password":'),
  raw('single quotes', "{'email': 'a@b.fr'}"),
  raw('trailing garbage', '{"value": true}}'),
  raw('NaN literal', '{"value": NaN}'),
  raw('a NUL byte', '\u0000'),
  raw('a bare number', '42'),
  raw('a bare string', '"value"'),
  raw('JSON as text/plain', '{"value": true}', 'text/plain'),
  raw('XML', '<?xml version="1.0"?><value>true</value>', 'application/xml'),
  raw('multipart garbage', '--x\r\nContent-Disposition: form-data; name="value"\r\n\r\ntrue\r\n', 'multipart/form-data; boundary=y'),
  raw(
    'form with brackets and pollution',
    'a[b]=1&__proto__[polluted]=1&constructor[prototype][polluted]=1',
    'application/x-www-form-urlencoded',
  ),
  raw('unsupported charset', '{"value": true}', 'application/json; charset=koi8-r'),
  { ...raw('gzip that is not', '{"value": true}'), headers: { 'Content-Encoding': 'gzip' } },
  json('an array', []),
  json('an array of objects', [{ value: true }]),
  json('null', null),
  json('__proto__ key', JSON.parse('{"__proto__": {"polluted": "yes", "roles": ["admin"]}}')),
  json('constructor.prototype key', { constructor: { prototype: { polluted: 'yes' } } }),
  json('query operators as values', each({ $ne: null })),
  json('arrays as values', each(['a@b.fr'])),
  json('numbers as values', each(-1)),
  json('long strings (under the size limit)', each('x'.repeat(1400))),
  raw('deeply nested object (under the size limit)', nested(5000)),
  json('over the size limit', { value: 'x'.repeat(200_000) }),
];

export interface BadQuery {
  name: string;
  query: string;
  /** A JSON body, which a read ignores (and which must not leave the request hanging). */
  body?: string;
  /** Invalid for a parameter the endpoint reads: must be a 4xx there (else: anything but a 5xx). */
  invalid: boolean;
}

/** Query strings for an endpoint that reads the query parameters `params` (`q` stands in when it reads none). */
export function badQueries(params: readonly string[]): BadQuery[] {
  const reads = params.length > 0;
  const per = (p: string): BadQuery[] => [
    { name: `${p} repeated`, query: `${p}=10&${p}=20`, invalid: reads },
    { name: `${p}[] array`, query: `${p}[]=10&${p}[]=20`, invalid: false },
    { name: `${p} as an object`, query: `${p}[$gt]=1`, invalid: false },
    { name: `${p} very long`, query: `${p}=${'9'.repeat(5000)}`, invalid: reads },
    { name: `${p} with NUL`, query: `${p}=%00%00`, invalid: false },
    { name: `${p} negative`, query: `${p}=-1`, invalid: false },
  ];
  return [
    { name: '__proto__ key', query: '__proto__[polluted]=1&__proto__.polluted=1', invalid: false },
    { name: 'constructor.prototype key', query: 'constructor[prototype][polluted]=1', invalid: false },
    { name: 'NUL and invalid UTF-8', query: 'q=%00&r=%ff&%ff=1', invalid: false },
    { name: 'a JSON body on a read', query: 'q=1', body: '{"value": true}', invalid: false },
    { name: 'a thousand parameters', query: Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&'), invalid: false },
    ...(reads ? params : ['q']).flatMap(per),
  ];
}
