import { z } from 'zod';
import { parseDuration } from '@pupitre/server-kit';
import { knownTimeZone, type ReleaseSchedule, shortestGapMinutes } from '../app/publication/release-schedule';

/** The least time between two releases of a day outside development: a release must blur at least a lesson. */
export const MIN_RELEASE_GAP_MINUTES = 60;

/** Shared by the API (which tells an author when their review will be public) and the worker (which releases). */
export const releaseEnv = {
  /** When reviews become public: `HH:MM` times of the day in SCHOOL_TIME_ZONE (`every 2s` with DEVELOPMENT_TIMINGS). */
  RELEASE_TIMES: z.string().default('07:00,12:30,17:00,21:00'),
  /** The school's time zone (an IANA name). */
  SCHOOL_TIME_ZONE: z
    .string()
    .default('Europe/Paris')
    .refine(knownTimeZone, { message: 'expected a time zone name such as Europe/Paris or America/Mexico_City' }),
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The schedule RELEASE_TIMES describes, or why it is refused (in development, `every <duration>` too). */
export function parseReleaseSchedule(
  text: string,
  timeZone: string,
  development: boolean,
): { schedule: ReleaseSchedule } | { problem: string } {
  const every = /^every\s+(\S+)$/.exec(text.trim());
  if (every) {
    const ms = parseDuration(every[1]);
    if (!development)
      return { problem: '`every` is for development only (DEVELOPMENT_TIMINGS=true): give times of the day, like 07:00,12:30' };
    return ms && ms > 0 ? { schedule: { kind: 'every', ms } } : { problem: 'expected `every` and a duration, like every 2s' };
  }
  const parts = text.split(',').map((s) => s.trim());
  if (!parts.length || parts.length > 8 || !parts.every((p) => TIME.test(p)))
    return { problem: 'expected 1 to 8 times of the day, HH:MM, comma-separated, like 07:00,12:30,17:00,21:00' };
  const times = [...new Set(parts)].map((p) => ({ hour: Number(p.slice(0, 2)), minute: Number(p.slice(3)) }));
  if (!development && shortestGapMinutes(times) < MIN_RELEASE_GAP_MINUTES)
    return { problem: `releases must be at least ${MIN_RELEASE_GAP_MINUTES} minutes apart, or they no longer blur a lesson` };
  return { schedule: { kind: 'daily', times, timeZone } };
}

/** Adds the schedule's problem, if any, to a config's validation. */
export function refuseBadReleases(
  env: { RELEASE_TIMES: string; SCHOOL_TIME_ZONE: string; DEVELOPMENT_TIMINGS: boolean },
  ctx: z.RefinementCtx,
) {
  const parsed = parseReleaseSchedule(env.RELEASE_TIMES, env.SCHOOL_TIME_ZONE, env.DEVELOPMENT_TIMINGS);
  if ('problem' in parsed) ctx.addIssue({ code: 'custom', path: ['RELEASE_TIMES'], message: parsed.problem });
}

/** The validated configuration's schedule. */
export function releaseScheduleOf(env: { RELEASE_TIMES: string; SCHOOL_TIME_ZONE: string; DEVELOPMENT_TIMINGS: boolean }): ReleaseSchedule {
  const parsed = parseReleaseSchedule(env.RELEASE_TIMES, env.SCHOOL_TIME_ZONE, env.DEVELOPMENT_TIMINGS);
  if ('problem' in parsed) throw new Error(`RELEASE_TIMES: ${parsed.problem}`);
  return parsed.schedule;
}
