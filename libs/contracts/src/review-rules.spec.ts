import { checkReviewPayload, REVIEW_FLAG_KEYS, REVIEW_GRADE_KEYS } from './review-rules';

/** Our front end's payload: the eleven grades and the four yes/no answers. */
const ours = (patch: Record<string, unknown> = {}) => ({
  teacher: 3,
  subject: 2,
  year: 1,
  tot_rating: 7,
  ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 6])),
  ...Object.fromEntries(REVIEW_FLAG_KEYS.map((k) => [k, false])),
  text_rating: 'Clear and fair',
  ...patch,
});
/** The spec's first reading, as an older client sends it: seven grades, justice and distraction yes/no, ids as strings. */
const older = (patch: Record<string, unknown> = {}) => {
  const body: Record<string, unknown> = { ...ours({ teacher: '3', subject: '2', year: '1', justice: true, distraction: false }), ...patch };
  delete body.methodes;
  delete body.ambiance;
  return body;
};

describe('checkReviewPayload', () => {
  it('accepts our reading and keeps the eleven grades', () => {
    const check = checkReviewPayload(ours());
    expect(check).toEqual({
      ok: true,
      value: expect.objectContaining({
        teacher: 3,
        subject: 2,
        year: 1,
        answers: { ponctuel: false, aide: false, greves: false, punitions: false },
      }),
    });
    if (check.ok) expect(Object.keys(check.value.grades).sort()).toEqual([...REVIEW_GRADE_KEYS].sort());
  });

  it('accepts the first reading with ids as digit strings, and keeps exactly what it was given', () => {
    const check = checkReviewPayload(older());
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.value).toMatchObject({ teacher: 3, subject: 2, year: 1, tot_rating: 7 });
    expect(check.value.grades).not.toHaveProperty('methodes');
    expect(check.value.grades).not.toHaveProperty('ambiance');
    expect(check.value.grades).not.toHaveProperty('justice');
    expect(check.value.answers).toEqual({
      ponctuel: false,
      aide: false,
      greves: false,
      punitions: false,
      justice: true,
      distraction: false,
    });
  });

  it('defaults missing yes/no answers to no, and takes null for an absent optional grade', () => {
    const check = checkReviewPayload(older({ ponctuel: undefined, methodes: null }));
    expect(check.ok && check.value.answers.ponctuel).toBe(false);
    expect(check.ok && 'methodes' in check.value.grades).toBe(false);
  });

  it.each([
    [{ teacher: -1 }, 'wrong-teacher'],
    [{ teacher: '-1' }, 'wrong-teacher'],
    [{ teacher: '1.5' }, 'wrong-teacher'],
    [{ teacher: 'abc' }, 'wrong-teacher'],
    [{ subject: '' }, 'wrong-subject'],
    [{ year: 7 }, 'wrong-year'],
    [{ year: '-1' }, 'wrong-year'],
    [{ clarte: undefined }, 'incorrect-grade'],
    [{ clarte: 11 }, 'incorrect-grade'],
    [{ justice: 'yes' }, 'incorrect-grade'],
    [{ justice: undefined }, 'incorrect-grade'],
    [{ methodes: -1 }, 'incorrect-grade'],
    [{ tot_rating: 10.5 }, 'incorrect-overall'],
    [{ text_rating: 'café' }, 'text-rating-forbidden-characters'],
    [{ aide: 'no' }, 'bad-request'],
    [{ extra: 1 }, 'bad-request'],
  ])('refuses %j with %s', (patch, error) => {
    expect(checkReviewPayload(ours(patch))).toMatchObject({ ok: false, error });
  });

  it('reports the first grade in error, for the form to focus it', () => {
    expect(checkReviewPayload(ours({ ambiance: -1 }))).toEqual({ ok: false, error: 'incorrect-grade', detail: 'ambiance' });
  });
});
