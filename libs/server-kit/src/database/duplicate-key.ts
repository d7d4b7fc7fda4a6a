/** Whether a write failed on a unique index (MongoDB and FerretDB both answer code 11000 / "E11000"). */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: number }).code === 11000 || /E11000/.test((err as Error).message ?? '');

/**
 * Runs an upsert on a unique key, once more when it failed on that key: two writers upserting the
 * same missing document both insert, and one gets E11000 (MongoDB retries such an upsert itself
 * only in some cases, FerretDB never). The second try finds the document and updates it.
 */
export async function upsertRetried<T>(upsert: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await upsert();
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= attempts) throw err;
    }
  }
}
