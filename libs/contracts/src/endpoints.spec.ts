import { checkResponse, contractRows, findEndpoint } from './endpoints';

const review = {
  id: 4,
  tot_rating: 7,
  text_rating: 'ok',
  relatable: 50,
  relatable_count: 2,
  teacher: { id: 1, prefix: 'Mme', name: 'Roux' },
  subject: 'Histoire',
  subject_id: 2,
  subject_color: '#aa0000',
  created_at: '2025-05-01T00:00:00.000Z',
  grades: { clarte: 8, methodes: 6 },
  answers: { ponctuel: true, justice: false },
};
const check = (method: string, url: string, status: number, body?: unknown) => () =>
  checkResponse(method, url, status, body, body === undefined ? '' : JSON.stringify(body));

describe('the HTTP contract as data', () => {
  it('finds literal paths before patterns', () => {
    expect(findEndpoint('GET', '/api/teachers/ranking')?.path).toBe('/api/teachers/ranking');
    expect(findEndpoint('GET', '/api/rating/community?limit=3')?.path).toBe('/api/rating/community');
    expect(findEndpoint('GET', '/api/rating/12')?.path).toBe('/api/rating/:id');
    expect(findEndpoint('POST', '/api/rating/12/report')?.path).toBe('/api/rating/:id/report');
    expect(findEndpoint('GET', '/api/nothing')).toBeNull();
  });

  it('accepts a well-formed answer', () => {
    expect(check('GET', '/auth/me/favorites', 200, [review])).not.toThrow();
    expect(check('DELETE', '/api/rating/4/favorite', 204)).not.toThrow();
    expect(check('POST', '/auth/manage/users/', 400, { email: ['user with this email already exists.'] })).not.toThrow();
  });

  it('gives the author their own reviews whole: the class year and the day', () => {
    const mine = { ...review, year: 1, created_at: '2025-05-14T00:00:00.000Z', status: 'published' };
    expect(check('GET', '/auth/me/reviews', 200, [mine])).not.toThrow();
    expect(check('GET', '/auth/me/reviews', 200, [{ ...mine, created_at: '2025-05-14T10:12:00.000Z' }])).toThrow(/rounded to the day/);
  });

  it('refuses an unknown key, a missing key, a wrong type, a body on a 204 and a status the endpoint does not answer', () => {
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, author: 'x' }])).toThrow(/author/);
    const { subject_color: _, ...missing } = review;
    expect(check('GET', '/auth/me/favorites', 200, [missing])).toThrow(/subject_color/);
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, subject: { id: 2, name: 'Histoire' } }])).toThrow(/subject/);
    // Others' reviews: no class year, no date finer than the month (docs/threat-model.md).
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, year: 1 }])).toThrow(/year/);
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, created_at: '2025-05-14T00:00:00.000Z' }])).toThrow(
      /rounded to the month/,
    );
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, created_at: '2025-05-01T10:12:00.000Z' }])).toThrow(
      /rounded to the month/,
    );
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, grades: { clarte: 11 } }])).toThrow(/grades/);
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, grades: { kindness: 8 } }])).toThrow(/grades/);
    expect(check('GET', '/auth/me/favorites', 200, [{ ...review, answers: { ponctuel: 'yes' } }])).toThrow(/answers/);
    expect(check('DELETE', '/api/rating/4/favorite', 204, {})).toThrow(/no body/);
    expect(check('GET', '/api/teachers/ranking', 418, {})).toThrow(/does not answer 418/);
    expect(check('POST', '/auth/manage/users/', 400, { nickname: ['too long'] })).toThrow();
  });

  it('answers 404 for a path no endpoint serves, and refuses anything else there', () => {
    expect(check('GET', '/api/nothing', 404, { error: 'not-found' })).not.toThrow();
    expect(check('GET', '/api/nothing', 200, {})).toThrow(/declare it/);
  });

  it('lists every status of every api-contract.md row for the coverage check', () => {
    expect(contractRows()).toContain('POST /api/rating/:id 409');
    expect(contractRows()).toContain('POST /auth/token/refresh/ 401');
    expect(contractRows()).not.toContain('GET /api/admin/teachers 200');
  });
});
