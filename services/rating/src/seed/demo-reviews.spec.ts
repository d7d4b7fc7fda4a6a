import { REVIEW_GRADE_KEYS as GRADE_NAMES } from '@pupitre/contracts';
import { demoReviewsFor } from './demo-reviews';
import { DEMO_SUBJECTS } from './demo-subjects';
import { DEMO_TEACHERS } from './demo-teachers';

describe('demo data', () => {
  const plans = DEMO_TEACHERS.map((t, i) => demoReviewsFor(t, i));

  it('is deterministic', () => {
    expect(DEMO_TEACHERS.map((t, i) => demoReviewsFor(t, i))).toEqual(plans);
  });

  it('puts about twenty teachers in the ranking (3 reviews or more)', () => {
    const ranked = plans.filter((p) => p.length >= 3).length;
    expect(ranked).toBeGreaterThanOrEqual(18);
    expect(ranked).toBeLessThanOrEqual(26);
    expect(plans.some((p) => p.length > 0 && p.length < 3)).toBe(true);
  });

  it('only uses known subjects, each teacher having one or two', () => {
    const names = new Set(DEMO_SUBJECTS.map((s) => s.name));
    for (const t of DEMO_TEACHERS) {
      expect(t.subjects.length).toBeGreaterThanOrEqual(1);
      expect(t.subjects.length).toBeLessThanOrEqual(2);
      for (const s of t.subjects) expect(names.has(s)).toBe(true);
    }
    plans.forEach((reviews, i) => reviews.forEach((r) => expect(DEMO_TEACHERS[i].subjects).toContain(r.subjectName)));
  });

  it('keeps grades and comments within the review rules', () => {
    for (const r of plans.flat()) {
      expect(Number.isInteger(r.tot_rating) && r.tot_rating >= 0 && r.tot_rating <= 10).toBe(true);
      expect(r.year).toBeGreaterThanOrEqual(0);
      expect(r.year).toBeLessThanOrEqual(6);
      for (const g of GRADE_NAMES) expect(r.grades[g]).toBeGreaterThanOrEqual(0);
      expect(r.text_rating).toMatch(/^[a-zA-Z0-9,.?!' ]{0,256}$/);
    }
  });

  it('has unique teachers', () => {
    expect(new Set(DEMO_TEACHERS.map((t) => `${t.prefix} ${t.name}`)).size).toBe(DEMO_TEACHERS.length);
  });
});
