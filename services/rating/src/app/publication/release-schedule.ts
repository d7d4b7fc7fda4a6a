/**
 * When reviews become public: at a few fixed times a day in the school's time zone (07:00, 12:30,
 * 17:00 and 21:00 by default), never at their write time plus the validation delay, which a poller
 * of the teacher page read to the second ("written during my Tuesday 10:30 lesson with 4e B").
 * A release makes every review validated since the previous one public at once (publisher.ts).
 * `every` (a fixed period from 1970) exists for the local stack and the tests only (DEVELOPMENT_TIMINGS).
 */
export type ReleaseSchedule =
  { kind: 'daily'; times: { hour: number; minute: number }[]; timeZone: string } | { kind: 'every'; ms: number };

/** The first release at or after `after`. */
export function nextRelease(schedule: ReleaseSchedule, after: Date): Date {
  const t = after.getTime();
  if (schedule.kind === 'every') return new Date(Math.ceil(t / schedule.ms) * schedule.ms);
  // Today's times in the school's zone, then tomorrow's (and the day after, past a day that skips one at a clock change).
  const today = zonedDate(t, schedule.timeZone);
  for (let day = 0; day <= 2; day++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + day));
    for (const { hour, minute } of schedule.times) {
      const at = zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, schedule.timeZone);
      if (at >= t) return new Date(at);
    }
  }
  throw new Error('no release in the next three days');
}

/** The shortest gap between two releases of a day (the longest a lesson may be blurred into), in minutes. */
export function shortestGapMinutes(times: { hour: number; minute: number }[]): number {
  const minutes = times.map((x) => x.hour * 60 + x.minute).sort((a, b) => a - b);
  const gaps = minutes.map((m, i) => (i === 0 ? m + 24 * 60 - minutes[minutes.length - 1] : m - minutes[i - 1]));
  return Math.min(...gaps);
}

/** The calendar date of instant `t` in `timeZone`. */
function zonedDate(t: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = partsOf(t, timeZone);
  return { year: parts.year, month: parts.month, day: parts.day };
}

/** The instant of a wall-clock time in `timeZone` (the zone's offset at that moment, found in two steps for clock changes). */
function zonedToUtc(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/** The zone's offset from UTC at instant `t`, in milliseconds. */
function offsetAt(t: number, timeZone: string): number {
  const p = partsOf(t, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsOf(t: number, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const get = (type: string) => Number(format.formatToParts(t).find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Whether `timeZone` is one the runtime knows (an IANA name such as Europe/Paris). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}
