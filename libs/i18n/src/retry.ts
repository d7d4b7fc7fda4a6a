// Retries of translation loading (spec, section 9: up to 5 retries, 350 ms initial delay, doubling).
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_DELAY_MS = 350;

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `fn`; on failure waits 350, 700, 1400… ms and calls again, at most `retries` more times. */
export async function retry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = TRANSLATION_RETRIES, delayMs = TRANSLATION_RETRY_DELAY_MS, sleep = wait } = options;
  let delay = delayMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}
