// Security headers through the edge (the one policy of infra/security-headers.json, ADR 0008):
// every answer, success or error, public or private, carries them; token and private answers are
// never stored. The pages' own policy (shell, remotes) is checked by the edge, nginx, Ingress
// and e2e tests; this file checks what the services answer through the edge, as a prober sees it.
import { request } from '@pupitre/server-kit/testing';
import { useWorld } from './testing/world';

jest.setTimeout(60_000);

const expectHardened = (headers: Record<string, string | string[] | undefined>, where: string) => {
  expect({
    where,
    frame: headers['x-frame-options'],
    sniff: headers['x-content-type-options'],
    referrer: headers['referrer-policy'],
    cache: headers['cache-control'],
  }).toEqual({
    where,
    frame: 'DENY',
    sniff: 'nosniff',
    referrer: 'no-referrer',
    cache: 'no-store',
  });
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
};

describe("security headers on the services' answers", () => {
  const world = useWorld(__filename);

  it('on public, private, token and error answers alike', async () => {
    const user = await world().account();
    const answers = [
      ['GET /api/teachers/ranking', await request(world().url).get('/api/teachers/ranking').expect(200)],
      ['GET /api/rating/community (signed in)', await request(world().url).get('/api/rating/community').set(user.bearer).expect(200)],
      ['GET /auth/me', await request(world().url).get('/auth/me').set(user.bearer).expect(200)],
      [
        'POST /auth/token/',
        await request(world().url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(200),
      ],
      [
        'POST /auth/token/refresh/ (bad)',
        await request(world().url).post('/auth/token/refresh/').send({ refresh: 'nonsense' }).expect(401),
      ],
      ['GET /api/teacher/99999', await request(world().url).get('/api/teacher/99999').expect(404)],
      ['GET /api/nothing', await request(world().url).get('/api/nothing').expect(404)],
    ] as const;
    for (const [where, res] of answers) expectHardened(res.headers, where);
  });
});
