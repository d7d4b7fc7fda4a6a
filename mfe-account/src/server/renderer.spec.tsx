import { accountRenderer } from './renderer';

beforeAll(() => accountRenderer.prepare());
const render = accountRenderer.render;

test('renders /auth only, never a page for signed-in visitors', () => {
  expect(accountRenderer.renderedRoutes.map((r) => r.path)).toEqual(['/auth']);
  for (const path of ['/me', '/me/favorites', '/settings', '/me/teacher-invitation/x'])
    expect(render({ path, lang: 'fr', reads: {}, now: 0 })).toBeNull();
});

test('/auth: the sign-in form with ids of its own, and, in each language, that it needs JavaScript', () => {
  const texts = { fr: 'Ce formulaire a besoin de JavaScript', es: 'Este formulario necesita JavaScript', en: 'This form needs JavaScript' };
  for (const lang of ['fr', 'es', 'en'] as const) {
    const page = render({ path: '/auth', lang, reads: {}, now: 0 })!;
    expect(page.route).toBe('/auth');
    expect(page.html).toContain('data-testid="login-form"');
    expect(page.html).toContain('id="login-email"');
    expect(page.html).toContain('id="forgot-email"');
    expect(page.html).toContain('data-testid="google-button"');
    expect(page.html).not.toMatch(/id="(:|«|_r)/); // no useId
    const login = page.html.slice(page.html.indexOf('data-testid="login-form"'), page.html.indexOf('</form>'));
    expect(login).toMatch(
      new RegExp(`<noscript><p[^>]*data-testid="needs-javascript"[^>]*>${texts[lang]}[^<]*</p></noscript><button type="submit"`),
    );
  }
});
