// Sends a battery of bad requests to one endpoint of the registry as each kind of caller it has
// (nobody; a signed-in user or admin when it needs a token) and collects what went wrong: a 5xx,
// a success or a redirect where a 4xx was due, an answer outside the contract (the request helper
// checks each one), no answer at all, a polluted Object.prototype (the services run in this process).
import { type Endpoint } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { adminOnly, type Fixtures, isProbe, label, needsToken, type Operation, operations, serviceOf } from './registry';
import { type Account, startWorld, type World } from './world';

export type Caller = 'anonymous' | 'user' | 'admin';

export interface BadRequest {
  what: string;
  path: string;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
  /** A 4xx is due (else: anything but a 5xx, e.g. a body sent to an endpoint that reads none). */
  mustFail: boolean;
  /**
   * Sent to the endpoint's service itself, not through the edge: nginx (as the Ingress) decodes and
   * resolves a path before routing it, so `/api/rating/..%2F..%2Fx/favorite` is the shell's there and
   * never reaches the endpoint.
   */
  direct?: boolean;
}

export interface Prober {
  world: World;
  fixtures: Fixtures;
  /** What the endpoint's OpenAPI operation says it reads (undefined: not documented). */
  operation: (e: Endpoint) => Operation | undefined;
  /** Who may call `e`: nobody, and the role it needs when it needs a token. */
  callersOf(e: Endpoint): Caller[];
  /** Sends each request as each caller; returns the problems found (none: `[]`), and checks every process is alive. */
  run(e: Endpoint, requests: BadRequest[]): Promise<string[]>;
  close(): Promise<void>;
}

const POLLUTION = ['polluted', 'roles', 'admin'];
const IN_FLIGHT = 6;
const callersOf = (e: Endpoint): Caller[] => (needsToken(e) ? ['anonymous', adminOnly(e) ? 'admin' : 'user'] : ['anonymous']);

export async function startProber(testFile: string): Promise<Prober> {
  const world = await startWorld(testFile);
  const [author, user, admin] = await Promise.all([world.account(), world.account(), world.account('admin')]);
  const fixtures = await world.fixtures(author);
  const operation = await operations(world.url);
  const tokens: Record<Caller, Account | null> = { anonymous: null, user, admin };

  async function send(base: string, e: Endpoint, caller: Caller, r: BadRequest): Promise<string | null> {
    const where = `${r.what} as ${caller} (${r.path.slice(0, 80)})`;
    try {
      const req = request(base)[e.method.toLowerCase() as 'get'](r.path);
      const account = tokens[caller];
      if (account) req.set(account.bearer);
      if (r.headers) req.set(r.headers);
      if (r.contentType) req.set('Content-Type', r.contentType);
      const res = await (r.body === undefined ? req : req.send(r.body));
      if (res.status >= 500) return `${where}: ${res.status} ${res.text.slice(0, 200)}`;
      if (r.mustFail && (res.status < 400 || res.status >= 500)) return `${where}: ${res.status} where a 4xx was due`;
      return null;
    } catch (err) {
      return `${where}: ${(err as Error).message.slice(0, 600)}`;
    }
  }

  return {
    world,
    fixtures,
    operation,
    callersOf,
    async run(e, requests) {
      const service = serviceOf(e) === 'auth' ? world.auth.url : world.rating?.api.url;
      const sends = (isProbe(e) ? world.processes : [world.url]).flatMap((base) =>
        callersOf(e).flatMap((caller) => requests.map((r) => () => send(r.direct && !isProbe(e) ? service : base, e, caller, r))),
      );
      const problems: string[] = [];
      // A few at a time (each is independent and none may change anything): the suite stays fast.
      for (let i = 0; i < sends.length; i += IN_FLIGHT) {
        for (const problem of await Promise.all(sends.slice(i, i + IN_FLIGHT).map((go) => go())))
          if (problem) problems.push(`${label(e)}: ${problem}`);
      }
      const polluted = POLLUTION.filter((key) => key in Object.prototype);
      if (polluted.length) problems.push(`${label(e)}: Object.prototype polluted with ${polluted.join(', ')}`);
      await world.expectAlive();
      return problems;
    },
    close: () => world.close(),
  };
}

/** A prober started before the test file's tests and closed after them: `prober()` is it. */
export function useProber(testFile: string): () => Prober {
  let p: Prober | undefined;
  beforeAll(async () => {
    p = await startProber(testFile);
  });
  afterAll(() => p?.close());
  return () => p as Prober;
}
