// The real zxcvbn-ts with its dictionaries (the chunks a browser fetches on first focus).
import { emailWords, loadStrengthCheck } from './strength';

jest.setTimeout(60_000);

test('rates a common password very weak and a long passphrase strong; loads each language once', async () => {
  const check = await loadStrengthCheck('fr');
  expect(check('motdepasse')).toBeLessThanOrEqual(1);
  expect(check('azertyuiop')).toBeLessThanOrEqual(1);
  expect(check('password')).toBe(0);
  expect(check('Le-cartable-vert-de-Mme-Lopez-1987!')).toBeGreaterThanOrEqual(3);
  // Built on the user's own e-mail: weaker.
  const inputs = emailWords('Jeanne.Dupont2026@example.org');
  expect(inputs).toEqual(['jeanne.dupont2026@example.org', 'jeanne.dupont2026', 'jeanne', 'dupont2026']);
  expect(check('jeanne.dupont2026', inputs)).toBeLessThanOrEqual(1);
  expect(await loadStrengthCheck('fr')).toBe(check);
});
