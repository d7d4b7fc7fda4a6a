import { type QueryShape } from '../../../libs/server-kit/src/tracing/query-shape';
import { type DeclaredIndex } from '../../../libs/server-kit/src/tracing/trace-recorder';
import { ID_INDEX, indexServes, servingIndexes } from './esr';

const index = (key: Record<string, number>, unique = false): DeclaredIndex => ({ key: Object.entries(key), ...(unique ? { unique } : {}) });
const shape = (filter: QueryShape['filter'], sort: QueryShape['sort'] = [], extra: Partial<QueryShape> = {}): QueryShape => ({
  collection: 'c',
  op: 'find',
  filter,
  sort,
  ...extra,
});

describe('indexServes (equality, sort, range)', () => {
  const visibleCreated = index({ visible: 1, createdAt: -1 });

  it('serves equality, then sort, then range fields on a prefix', () => {
    expect(indexServes(visibleCreated, { visible: 'eq' }, [])).toBe(true);
    expect(indexServes(visibleCreated, { visible: 'eq' }, [['createdAt', -1]])).toBe(true);
    expect(indexServes(visibleCreated, { visible: 'eq' }, [['createdAt', 1]])).toBe(true); // walked backwards
    expect(indexServes(visibleCreated, { visible: 'eq', createdAt: 'range' }, [['createdAt', -1]])).toBe(true);
    expect(indexServes(index({ a: 1, b: 1, c: 1 }), { b: 'in', a: 'eq' }, [['c', 1]])).toBe(true);
  });

  it('refuses fields outside the prefix, in the wrong order or against its directions', () => {
    expect(indexServes(visibleCreated, { createdAt: 'range' }, [])).toBe(false); // no equality on the first field
    expect(indexServes(visibleCreated, { visible: 'eq', hidden: 'eq' }, [])).toBe(false); // hidden is in no index
    expect(indexServes(index({ a: 1, b: 1 }), { a: 'range' }, [['b', 1]])).toBe(false); // range before the sort
    expect(
      indexServes(index({ a: 1, b: 1 }), {}, [
        ['a', 1],
        ['b', -1],
      ]),
    ).toBe(false); // mixed directions
    expect(
      indexServes(index({ a: 1, b: -1 }), {}, [
        ['a', -1],
        ['b', 1],
      ]),
    ).toBe(true); // both reversed
    expect(indexServes(index({ a: 1, b: 1, c: 1 }), { a: 'eq', c: 'eq' }, [])).toBe(false); // a gap
  });

  it('takes a sort on an equality field as free, and counts $ne, $exists and regexes as range fields', () => {
    expect(
      indexServes(index({ a: 1, b: 1 }), { a: 'eq' }, [
        ['a', 1],
        ['b', -1],
      ]),
    ).toBe(true);
    expect(indexServes(index({ a: 1, b: 1 }), { a: 'eq', b: 'ne' }, [])).toBe(true);
    expect(indexServes(index({ a: 1 }), { a: 'eq', b: 'exists' }, [])).toBe(false);
  });

  it('serves any filter holding every field of a unique index by equality (a point lookup)', () => {
    expect(indexServes(ID_INDEX, { _id: 'eq', rev: 'eq', status: 'ne' }, [['x', 1]])).toBe(true);
    expect(indexServes(index({ reviewId: 1, userId: 1 }, true), { userId: 'eq', reviewId: 'in' }, [])).toBe(true);
    expect(indexServes(index({ reviewId: 1, userId: 1 }), { userId: 'eq', reviewId: 'eq', value: 'eq' }, [])).toBe(false);
  });
});

describe('servingIndexes', () => {
  const indexes = [ID_INDEX, index({ userId: 1 }), index({ reviewId: 1 })];

  it('needs an index per $or branch', () => {
    expect(servingIndexes(shape({}, [], { or: [{ userId: 'eq' }, { reviewId: 'eq' }] }), indexes)).toHaveLength(2);
    expect(servingIndexes(shape({}, [], { or: [{ userId: 'eq' }, { other: 'eq' }] }), indexes)).toBeNull();
    expect(servingIndexes(shape({}, [], { or: [{ userId: 'eq' }, {}] }), indexes)).toBeNull();
  });

  it('never serves a whole-collection read or a scan operator; inserts and whole counts look nothing up', () => {
    expect(servingIndexes(shape({}), indexes)).toBeNull();
    expect(servingIndexes(shape({}, [['_id', 1]]), indexes)).toBeNull();
    expect(servingIndexes(shape({ userId: 'eq' }, [], { scan: '$where' }), indexes)).toBeNull();
    expect(servingIndexes(shape({}, [], { op: 'insert' }), indexes)).toEqual([]);
    expect(servingIndexes(shape({}, [], { op: 'count' }), indexes)).toEqual([]);
  });
});
