import { nextRelease, type ReleaseSchedule, shortestGapMinutes } from './release-schedule';

const paris: ReleaseSchedule = {
  kind: 'daily',
  timeZone: 'Europe/Paris',
  times: [
    { hour: 7, minute: 0 },
    { hour: 12, minute: 30 },
    { hour: 17, minute: 0 },
    { hour: 21, minute: 0 },
  ],
};
const at = (iso: string) => nextRelease(paris, new Date(iso)).toISOString();

describe('nextRelease', () => {
  it("is the next of the day's times in the school's zone (winter: UTC+1)", () => {
    expect(at('2026-11-24T09:31:00Z')).toBe('2026-11-24T11:30:00.000Z'); // 10:31 in Paris -> 12:30
    expect(at('2026-11-24T11:30:00Z')).toBe('2026-11-24T11:30:00.000Z'); // exactly at a release: that one
    expect(at('2026-11-24T20:00:01Z')).toBe('2026-11-25T06:00:00.000Z'); // after 21:00 -> 07:00 the next day
  });

  it('follows summer time (UTC+2) and the night of a clock change', () => {
    expect(at('2026-07-01T08:00:00Z')).toBe('2026-07-01T10:30:00.000Z');
    expect(at('2026-03-28T20:30:00Z')).toBe('2026-03-29T05:00:00.000Z'); // clocks go forward that night: 07:00 is 05:00 UTC
    expect(at('2026-10-24T19:30:00Z')).toBe('2026-10-25T06:00:00.000Z'); // and back: 07:00 is 06:00 UTC
  });

  it('blurs a lesson: every write of a morning is public at the same instant', () => {
    const writes = ['2026-11-24T06:10:00Z', '2026-11-24T08:25:00Z', '2026-11-24T10:55:00Z'];
    expect(new Set(writes.map((w) => nextRelease(paris, new Date(new Date(w).getTime() + 600_000)).toISOString())).size).toBe(1);
  });

  it('in development, every fixed period', () => {
    expect(nextRelease({ kind: 'every', ms: 2000 }, new Date(5001)).getTime()).toBe(6000);
  });
});

describe('shortestGapMinutes', () => {
  it('counts the night too', () => {
    expect(shortestGapMinutes(paris.kind === 'daily' ? paris.times : [])).toBe(240);
    expect(
      shortestGapMinutes([
        { hour: 0, minute: 30 },
        { hour: 23, minute: 0 },
      ]),
    ).toBe(90);
  });
});
