import { type Model } from 'mongoose';

/** createIndexes refused an index whose name or key exists with other options (a TTL added to a plain index…). */
const isIndexConflict = (err: unknown) => [85, 86].includes((err as { code?: number }).code ?? 0);

type IndexSpec = { key: Record<string, unknown>; name?: string } & Record<string, unknown>;

const defaultName = (key: Record<string, unknown>) =>
  Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');

/**
 * Builds every index the models' schemas declare, one `createIndexes` command per collection (all
 * its indexes at once), the collections in parallel; resolves once they all exist. Mongoose's own
 * autoIndex sends one command per index, one after the other: on DocumentDB each waits for the
 * next round of its index builder (about a second), so a collection with three indexes took 5 s.
 * An index declared again with other options (a plain one made a TTL one) is dropped and built anew.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- models of any document type
export async function ensureIndexes(models: Model<any>[]): Promise<void> {
  await Promise.all(
    models.map(async (model) => {
      const specs: IndexSpec[] = model.schema.indexes().map(([key, options]) => ({ key, ...options }));
      await model.createCollection().catch((err: { codeName?: string }) => {
        if (err.codeName !== 'NamespaceExists') throw err;
      });
      if (!specs.length) return;
      try {
        await model.collection.createIndexes(specs as never);
      } catch (err) {
        if (!isIndexConflict(err)) throw err;
        // One at a time: only the index declared with other options is dropped (the others keep guarding meanwhile).
        for (const spec of specs) {
          try {
            await model.collection.createIndexes([spec] as never);
          } catch (conflict) {
            if (!isIndexConflict(conflict)) throw conflict;
            await model.collection.dropIndex(spec.name ?? defaultName(spec.key));
            await model.collection.createIndexes([spec] as never);
          }
        }
      }
    }),
  );
}
