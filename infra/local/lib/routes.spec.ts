import { loadRoutes, matchRoute } from './routes.mjs';

describe('gateway routing table', () => {
  const routes = loadRoutes();
  const target = (p: string) => matchRoute(routes, p)?.target;

  it('sends the user’s own rating data under /auth/me to the rating service', () => {
    expect(target('/auth/me')).toBe('rating');
    expect(target('/auth/me/favorites')).toBe('rating');
    expect(target('/auth/me/reviews')).toBe('rating');
  });

  it('sends the rest of /auth to the auth service, matching whole segments only', () => {
    expect(target('/auth/manage/users/me/')).toBe('auth');
    expect(target('/auth/token/')).toBe('auth');
    expect(target('/auth/meX')).toBe('auth');
  });

  it('keeps /auth itself for the shell: it is the sign-in page, the API lives below it', () => {
    expect(target('/auth')).toBe('shell');
    expect(target('/auth/')).toBe('auth');
    expect(target('/auth/token/')).toBe('auth');
  });

  it('routes the API, the remotes and everything else', () => {
    expect(target('/api/teachers/ranking')).toBe('rating');
    expect(target('/mfe/community/mf-manifest.json')).toBe('mfe-community');
    expect(target('/mfe/review/remoteEntry.js')).toBe('mfe-review');
    expect(target('/mfe/account/x.js')).toBe('mfe-account');
    expect(target('/apiary')).toBe('shell');
    expect(target('/communaute')).toBe('shell');
    expect(target('/')).toBe('shell');
  });
});
