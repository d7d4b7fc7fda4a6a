// Answers the shell's tiny first script (./early.ts) asked for while main.js was still
// downloading: /remotes.json, then every remote's manifest. main.js takes each answer once
// (`earlyFetch`), so a remote page's route table is known as soon as main.js runs instead of two
// round trips later (issue #16: no waterfall). Anything else, or a second ask, goes to the network.

/** The global the two scripts share (they are separate bundles of the shell's build). */
export const EARLY_ANSWERS_KEY = '__pupitreEarlyAnswers';

export type EarlyAnswers = Map<string, Promise<Response>>;

type Holder = Record<typeof EARLY_ANSWERS_KEY, EarlyAnswers | undefined>;

export function earlyAnswers(scope: object = globalThis): EarlyAnswers {
  const holder = scope as Holder;
  return (holder[EARLY_ANSWERS_KEY] ??= new Map());
}

/** `fetch`, answered by the early script's request for the same URL when there is one (once). */
export function earlyFetch(input: string, init?: RequestInit, scope: object = globalThis): Promise<Response> {
  const answers = earlyAnswers(scope);
  const early = answers.get(input);
  if (early && !init?.signal?.aborted) {
    answers.delete(input);
    return early;
  }
  return globalThis.fetch(input, init);
}
