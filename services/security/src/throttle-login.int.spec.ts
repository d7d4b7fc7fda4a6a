// Login throttling at its production values (ADR 0007): back-off per (e-mail, client address), so
// nobody can lock the owner out; a limit per address across accounts; and a client cannot choose
// the address it is counted under (the gateway overwrites X-Forwarded-For, auth trusts one hop).
import { request } from '@pupitre/server-kit/testing';
import { uniqueEmail } from '../../auth/src/testing/auth-test-kit';
import { race, RACERS, tally } from './testing/concurrency';
import { clientAt, expectThrottled, PRODUCTION_THROTTLES } from './testing/throttling';
import { useWorld } from './testing/world';

jest.setTimeout(60_000);

const WRONG = 'Wrong-password-1';

describe('login throttling', () => {
  const world = useWorld(__filename, { rating: false, auth: PRODUCTION_THROTTLES });
  const login = (address: string, email: string, password = WRONG) =>
    clientAt(world().auth.url, address).post('/auth/token/', { email, password });

  it('backs off one (e-mail, address) pair after 3 tries, even with the right password; not the owner elsewhere, not other accounts from there', async () => {
    const owner = await world().account();
    for (let i = 0; i < 3; i++) await login('198.51.100.10', owner.email).expect(401);
    expectThrottled(await login('198.51.100.10', owner.email), 30);
    expectThrottled(await login('198.51.100.10', owner.email, owner.password), 30);
    await login('198.51.100.11', owner.email, owner.password).expect(200);
    await login('198.51.100.10', uniqueEmail()).expect(401);
  });

  it(`wrong passwords from ${RACERS} addresses at once cannot lock the owner out`, async () => {
    const owner = await world().account();
    expect(tally(await race((i) => login(`203.0.113.${i + 1}`, owner.email)))).toEqual({ 401: RACERS });
    await login('198.51.100.12', owner.email, owner.password).expect(200);
  });

  it('limits one address to 60 logins a minute across accounts (sent at once: exactly 60 pass); another address is not blocked', async () => {
    expect(tally(await race(() => login('198.51.100.13', uniqueEmail()), 60))).toEqual({ 401: 60 });
    expectThrottled(await login('198.51.100.13', uniqueEmail()), 60);
    await login('198.51.100.14', uniqueEmail()).expect(401);
  });

  it('counts a client under its own address: forged X-Forwarded-For values through the gateway, or a forged first hop, change nothing', async () => {
    const owner = await world().account();
    const viaGateway = (forged: string) =>
      request(world().url).post('/auth/token/').set('X-Forwarded-For', forged).send({ email: owner.email, password: WRONG });
    for (let i = 0; i < 3; i++) await viaGateway(`192.0.2.${i + 1}`).expect(401);
    expectThrottled(await viaGateway('192.0.2.99'), 30);
    const behindSpoof = (i: number) =>
      clientAt(world().auth.url, `192.0.2.${i}, 198.51.100.15`).post('/auth/token/', { email: owner.email, password: WRONG });
    for (let i = 0; i < 3; i++) await behindSpoof(i + 1).expect(401);
    expectThrottled(await behindSpoof(99), 30);
  });
});
