import { reportWeight } from './report-weight';

describe('reportWeight', () => {
  it('gives a new account nothing and a 30-day account without history 1', () => {
    expect(reportWeight({ accountAgeDays: 0, upheld: 0, dismissed: 0 })).toBe(0);
    expect(reportWeight({ accountAgeDays: 15, upheld: 0, dismissed: 0 })).toBe(0.5);
    expect(reportWeight({ accountAgeDays: 30, upheld: 0, dismissed: 0 })).toBe(1);
    expect(reportWeight({ accountAgeDays: 400, upheld: 0, dismissed: 0 })).toBe(1);
  });

  it('trusts reporters moderators agree with, and discounts those they overrule', () => {
    expect(reportWeight({ accountAgeDays: 90, upheld: 8, dismissed: 0 })).toBe(1.8);
    expect(reportWeight({ accountAgeDays: 90, upheld: 0, dismissed: 8 })).toBe(0.2);
    expect(reportWeight({ accountAgeDays: 90, upheld: 3, dismissed: 3 })).toBe(1);
  });

  it('never goes negative, whatever the clock says', () => {
    expect(reportWeight({ accountAgeDays: -5, upheld: 0, dismissed: 0 })).toBe(0);
  });
});
