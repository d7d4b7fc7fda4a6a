/** Whether a write failed on a unique index (MongoDB and FerretDB both answer code 11000 / "E11000"). */
export const isDuplicateKey = (err: unknown): boolean =>
  (err as { code?: number }).code === 11000 || /E11000/.test((err as Error).message ?? '');
