import { test, expect } from './support/fixtures';
import { takenOver } from './support/takeover';
import { GOOGLE_E2E_EMAIL } from './support/google-provider';
import { checkPage, findMailLink } from './support/pages';
import { tokensReadableByScripts } from './support/token-scan';

// The account journeys through the edge, against the real auth and rating services: sign-up
// with the activation mail, login, profile, language, logout; password reset by mail; Google
// sign-in against the local provider; a 401 in the middle of a session.

test.describe.configure({ mode: 'serial' });
// The service worker would answer some requests itself; these journeys talk to the network.
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });

const PASSWORD = 'Pupitre-e2e-2026!';
const email = `e2e.${Date.now()}@example.com`;

test('sign up, activate from the mail, log in, profile, change language, log out', async ({ page, stack }) => {
  await page.goto('/auth?form=signup');
  await expect(page.getByTestId('signup-form')).toBeVisible();
  await checkPage(page, 'auth-signup');

  // Validation first: the passwords do not match.
  const signup = page.getByTestId('signup-form');
  await signup.getByLabel('Adresse e-mail').fill(email);
  await signup.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await signup.getByLabel('Confirmez le mot de passe').fill(`${PASSWORD}x`);
  await signup.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByTestId('form-error')).toContainText('Les mots de passe ne correspondent pas.');
  await signup.getByLabel('Confirmez le mot de passe').fill(PASSWORD);
  await signup.getByRole('button', { name: 'Créer mon compte' }).click();

  // Success: the login tab, e-mail filled in.
  const login = page.getByTestId('login-form');
  await expect(login.getByLabel('Adresse e-mail')).toHaveValue(email);
  await checkPage(page, 'auth-login');

  // Not activated yet: the wrong-login message hints at the activation mail.
  await login.getByLabel('Mot de passe').fill(PASSWORD);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(login.getByTestId('form-error')).toContainText('activé votre compte');

  const link = await findMailLink(stack.mail.webUrl, email, /\/activate\/[^\s"'<>]+/);
  await page.goto(link);
  await expect(page.getByTestId('activation-result')).toHaveText('Compte activé');
  // The link's token has left the address bar (and the history entry).
  await expect(page).toHaveURL(/\/activate\/$/);
  await checkPage(page, 'activate');
  await expect(page).toHaveURL(/\/auth\?form=login$/, { timeout: 6_000 });

  await login.getByLabel('Adresse e-mail').fill(email);
  await login.getByLabel('Mot de passe').fill(PASSWORD);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-success')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });
  // Issue #38: the refresh token is in an HttpOnly, SameSite=Strict cookie scoped to the auth service's token
  // path; no token is anywhere a script can read it.
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);
  expect((await page.context().cookies()).find((c) => c.name === 'pupitre_refresh')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/auth/token/',
  });

  await page.getByTestId('account-button').click();
  await page.getByRole('link', { name: 'Mon profil' }).click();
  await expect(page.getByTestId('stat-count')).toHaveText('0');
  await expect(page.getByTestId('stat-average')).toHaveText('?');
  await checkPage(page, 'me');
  // A reload: the page has no token in memory, and gets one from the cookie; still signed in.
  await page.reload();
  await expect(page.getByTestId('stat-count')).toHaveText('0');
  // No token in local or session storage, IndexedDB or document.cookie (privacy.e2e.ts scans the service worker's caches too).
  expect(await tokensReadableByScripts(page)).toEqual([]);
  // The scan finds a token where there is one (a control: a scan that cannot fail proves nothing).
  await page.evaluate(() => sessionStorage.setItem('planted', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'));
  expect(await tokensReadableByScripts(page)).toEqual(['sessionStorage:planted']);
  await page.evaluate(() => sessionStorage.removeItem('planted'));

  await page.goto('/me/favorites');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes favoris');
  await checkPage(page, 'me-favorites');
  await page.goto('/me/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes avis');
  await checkPage(page, 'me-reviews');

  await page.goto('/settings');
  await expect(page.getByTestId('settings-email')).toContainText(email);
  await checkPage(page, 'settings');
  await page.getByRole('radio', { name: 'Español' }).click(); // stored, then the page reloads
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  // The heading may change before the reload: read the storage once the page answers again.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang')).catch(() => null)).toBe('es');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');

  await page.getByTestId('account-button').click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/auth\?form=login$/);
  expect(await page.evaluate(() => [localStorage.getItem('email'), localStorage.getItem('lang')])).toEqual([null, 'es']);
  // The session ended on the server and its cookie is gone.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'pupitre_refresh')).toBe(false);
});

test('password reset by mail', async ({ page, stack }) => {
  await page.goto('/auth');
  await page.getByText('Mot de passe oublié ?').click();
  const forgot = page.getByTestId('forgot-form');
  await forgot.getByLabel('Adresse e-mail').fill(email);
  await forgot.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByTestId('popup').filter({ hasText: 'Demande envoyée' })).toBeVisible();

  const link = await findMailLink(stack.mail.webUrl, email, /\/password\/reset\/confirm\/[^\s"'<>]+/);
  await page.goto(link);
  // The link's token has left the address bar (and the history entry); the form keeps it in memory.
  await expect(page).toHaveURL(/\/password\/reset\/confirm\/$/);
  await checkPage(page, 'password-reset');
  const form = page.getByTestId('reset-form');
  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('short');
  await form.getByLabel('Confirmez le nouveau mot de passe').fill('short');
  await form.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  await expect(page.getByTestId('form-error')).toContainText('au moins 12 caractères');
  const next = `${PASSWORD}-new`;
  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
  await form.getByLabel('Confirmez le nouveau mot de passe').fill(next);
  await form.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  await expect(page).toHaveURL(/\/auth\?form=login$/);

  const login = page.getByTestId('login-form');
  await login.getByLabel('Adresse e-mail').fill(email);
  await login.getByLabel('Mot de passe').fill(next);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-success')).toBeVisible();
});

test('Google sign-in against the local provider', async ({ page }) => {
  await page.goto('/auth');
  await page.getByTestId('google-button').click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(GOOGLE_E2E_EMAIL);
  expect(page.url()).not.toContain('code=');
  await page.goto('/settings');
  await expect(page.getByTestId('settings-email')).toContainText(GOOGLE_E2E_EMAIL);
});

test('a 401 in the middle of a session clears it and returns to /auth', async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByTestId('login-form');
  await login.getByLabel('Adresse e-mail').fill(email);
  await login.getByLabel('Mot de passe').fill(`${PASSWORD}-new`);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('login-success')).toBeVisible();
  await page.goto('/me');
  await expect(page.getByTestId('stat-count')).toBeVisible();
  // The server no longer accepts the access token (revoked, key rotated...): the next call is a 401.
  await page.route('**/auth/me/favorites**', (route) =>
    route.fulfill({ status: 401, json: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } }),
  );
  await page.getByRole('link', { name: 'Voir mes favoris' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
});

test('the Google landing and the forms are keyboard-usable', async ({ page }) => {
  await page.goto('/auth');
  await takenOver(page); // the tabs answer keys once the page's code runs
  await page.getByRole('tab', { name: 'Connexion' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/form=signup/);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('signup-form').getByLabel('Adresse e-mail')).toBeFocused();
  await page.goto('/google/login');
  await expect(page).toHaveURL(/\/auth\?form=login$/);
  await checkPage(page, 'auth-after-google-error');
});
