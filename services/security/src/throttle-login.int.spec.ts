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

  it(`wrong passwords from ${RACERS} addresses at once cannot lock the owner out of an address they signed in from`, async () => {
    const owner = await world().account();
    await login('198.51.100.12', owner.email, owner.password).expect(200); // their usual address
    // Wrong, or refused once the account's cap for unknown addresses is used up: never a way in.
    const answers = tally(await race((i) => login(`203.0.113.${i + 1}`, owner.email)));
    expect((answers[401] ?? 0) + (answers[429] ?? 0)).toBe(RACERS);
    await login('198.51.100.12', owner.email, owner.password).expect(200);
  });

  it('caps guessing one account from many addresses: 20 tries, then one every 3 minutes from any new address (issue #38)', async () => {
    const owner = await world().account();
    await login('198.51.100.16', owner.email, owner.password).expect(200); // their usual address
    // New addresses, one try each (none reaches its own pair's back-off): refused within 20 tries
    // (the account's sign-up and first sign-in, from addresses it had not used, drew on the cap too).
    const statuses: number[] = [];
    for (let i = 0; i < 21 && !statuses.includes(429); i++) statuses.push((await login(`203.0.114.${i + 1}`, owner.email)).status);
    expect({ wrong: statuses.filter((s) => s === 401).length <= 20, refused: statuses.at(-1) }).toEqual({ wrong: true, refused: 429 });
    expectThrottled(await login('203.0.114.99', owner.email), 180);
    // Slowed, not locked: the owner still signs in from their address; another account is untouched.
    await login('198.51.100.16', owner.email, owner.password).expect(200);
    await login('203.0.114.98', uniqueEmail()).expect(401);
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
