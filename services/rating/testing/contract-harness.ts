// The setup shared by the files that check the rating table of api-contract.md: the API on its own
// database with the demo data, validation an hour away (reviews stay pending), the demo teachers and
// the ids of the reviews already public.
import { type Harness, startHarness, teachersOf } from './rating-harness';

export interface ContractWorld {
  h: Harness;
  url: string;
  teachers: { id: number; name: string; subjectIds: number[] }[];
  visibleIds: number[];
}

/** The world of a test file: filled in before its tests (`beforeAll`), closed after them. */
export function useContractWorld(testFile: string): ContractWorld {
  const world = {} as ContractWorld;
  beforeAll(async () => {
    Object.assign(world, await startContractWorld(testFile));
  });
  afterAll(() => world.h?.close());
  return world;
}

async function startContractWorld(testFile: string): Promise<ContractWorld> {
  const h = await startHarness(testFile, { api: { REVIEW_VALIDATION_DELAY: '1h' } });
  const teachers = await teachersOf(h.conn);
  const visibleIds = (await h.conn.collection('reviews').find({ visible: true }).sort({ id: 1 }).toArray()).map((r) => r.id as number);
  return { h, url: h.api.url, teachers, visibleIds };
}
