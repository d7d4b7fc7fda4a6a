import { type Model, type PipelineStage } from 'mongoose';

export type SumExpression = 1 | `$${string}`;

/**
 * `$group` sums, by a key, as `Map<key, { name: total }>` (`key` is null for `by: null`).
 *
 * FerretDB 1.24 computes only the FIRST accumulator of a `$group` stage (the others come back 0),
 * so this runs one aggregation per sum, in parallel, and merges them: correct on FerretDB and MongoDB.
 */
export async function groupSums<K extends string | number | null, N extends string>(
  model: Model<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any document type
  options: { match?: Record<string, unknown>; by: `$${string}` | null; sums: Record<N, SumExpression> },
): Promise<Map<K, Record<N, number>>> {
  const names = Object.keys(options.sums) as N[];
  const results = await Promise.all(
    names.map((name) => {
      const pipeline: PipelineStage[] = [];
      if (options.match) pipeline.push({ $match: options.match });
      pipeline.push({ $group: { _id: options.by, total: { $sum: options.sums[name] } } });
      return model.aggregate<{ _id: K; total: number }>(pipeline).exec();
    }),
  );
  const merged = new Map<K, Record<N, number>>();
  results.forEach((rows, i) => {
    for (const row of rows) {
      const entry = merged.get(row._id) ?? (Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>);
      entry[names[i]] = row.total;
      merged.set(row._id, entry);
    }
  });
  return merged;
}
