// Races as the black-box probe ran them: the same request sent `n` times at once.

/** How many copies of a request race in the suite. */
export const RACERS = 20;

/** Starts `n` calls in the same tick and waits for all of them. */
export const race = <T>(call: (i: number) => PromiseLike<T>, n = RACERS): Promise<T[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** `{status: count}` of a race's answers, e.g. `{200: 1, 401: 19}`. */
export const tally = (answers: readonly { status: number }[]): Record<number, number> =>
  answers.reduce<Record<number, number>>((t, a) => ({ ...t, [a.status]: (t[a.status] ?? 0) + 1 }), {});
