// Mail and form throttling at production values (ADR 0007): at most 3 activation (and 3 reset)
// mails an hour per recipient whoever asks, all carrying one link, the answers unchanged (no
// enumeration); sign-up, reset and resend requests limited per client address (30 an hour).
import { GOOD_PASSWORD, linkParts, mailsTo, uniqueEmail, waitForMail } from '../../auth/src/testing/auth-test-kit';
import { race, RACERS, tally } from './testing/concurrency';
import { clientAt, expectThrottled, PRODUCTION_THROTTLES } from './testing/throttling';
import { useWorld } from './testing/world';

jest.setTimeout(60_000);

/** Mails to each of `emails` once they have stopped coming (the service sends them after answering). */
async function mailsSettled(emails: string[], atLeast: number) {
  await Promise.all(emails.map((email) => waitForMail(email, atLeast)));
  await new Promise((r) => setTimeout(r, 500));
  return Promise.all(emails.map(mailsTo));
}

describe('mail and form throttling', () => {
  const world = useWorld(__filename, { rating: false, auth: PRODUCTION_THROTTLES });
  const from = (address: string) => clientAt(world().auth.url, address);
  const signUp = (address: string, email = uniqueEmail()) =>
    from(address).post('/auth/manage/users/', { email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD });

  it(`activation mails: ${RACERS} requests at once from ${RACERS} addresses reach the recipient 3 times in all, with one link; every answer 204`, async () => {
    const email = uniqueEmail('bombed');
    await signUp('198.51.100.20', email).expect(201);
    expect(tally(await race((i) => from(`203.0.113.${i + 1}`).post('/auth/manage/users/resend_activation/', { email })))).toEqual({
      204: RACERS,
    });
    const [mails] = await mailsSettled([email], 3);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => linkParts(m, 'activate').token)).size).toBe(1);
  });

  it(`reset mails: ${RACERS} requests at once from ${RACERS} addresses reach the recipient 3 times in all, with one link; every answer 204 (4 recipients at once)`, async () => {
    const owners = await Promise.all([1, 2, 3, 4].map(() => world().account()));
    const answers = await Promise.all(
      owners.map((owner, o) => race((i) => from(`203.0.${o}.${i + 1}`).post('/auth/manage/users/reset_password/', { email: owner.email }))),
    );
    expect(tally(answers.flat())).toEqual({ 204: RACERS * owners.length });
    for (const mails of await mailsSettled(
      owners.map((o) => o.email),
      4,
    )) {
      const resets = mails.slice(1); // after the activation mail
      expect(resets).toHaveLength(3);
      expect(new Set(resets.map((m) => linkParts(m, 'password/reset/confirm').token)).size).toBe(1);
    }
  });

  it('sign-ups: 30 an hour per address, counted before the form is read; another address is not blocked', async () => {
    expect(tally(await race(() => from('198.51.100.21').post('/auth/manage/users/', { email: 'not-an-address' }), 30))).toEqual({
      400: 30,
    });
    expectThrottled(await signUp('198.51.100.21'), 3600);
    await signUp('198.51.100.22').expect(201);
  });

  it.each(['reset_password', 'resend_activation'])('%s: 30 an hour per address; another address is not blocked', async (form) => {
    const path = `/auth/manage/users/${form}/`;
    const [busy, other] = form === 'reset_password' ? ['198.51.100.23', '198.51.100.24'] : ['198.51.100.25', '198.51.100.26'];
    expect(tally(await race(() => from(busy).post(path, { email: uniqueEmail() }), 30))).toEqual({ 204: 30 });
    expectThrottled(await from(busy).post(path, { email: uniqueEmail() }), 3600);
    await from(other).post(path, { email: uniqueEmail() }).expect(204);
  });
});
