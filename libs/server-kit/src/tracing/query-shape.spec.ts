import { ObjectId } from 'mongodb';
import { commandShapes, conditionKind, filterShape, shapeKey } from './query-shape';

describe('conditionKind', () => {
  it.each([
    [1, 'eq'],
    [null, 'eq'],
    [{ nested: 'document' }, 'eq'],
    [new ObjectId(), 'eq'],
    [new Date(), 'eq'],
    [{ $eq: 3 }, 'eq'],
    [{ $in: [1, 2] }, 'in'],
    [{ $gt: 1, $lte: 9 }, 'range'],
    [{ $ne: true }, 'ne'],
    [{ $nin: [1] }, 'ne'],
    [{ $exists: false }, 'exists'],
    [/^abc/, 'regex'],
    [{ $regex: 'x', $options: 'i' }, 'regex'],
    [{ $elemMatch: { a: 1 } }, 'elemMatch'],
    [{ $size: 2 }, 'other'],
    [{ $in: [1], $gt: 0 }, 'range'],
  ])('%p is %s', (value, kind) => expect(conditionKind(value)).toBe(kind));
});

describe('filterShape', () => {
  it('keeps field paths (dotted ones too) and merges $and', () => {
    expect(filterShape({ a: 1, 'b.c': { $gt: 2 }, $and: [{ d: { $in: [1] } }, { e: { $exists: true } }] })).toEqual({
      filter: { a: 'eq', 'b.c': 'range', d: 'in', e: 'exists' },
    });
  });

  it('keeps the branches of $or apart and marks what no index can serve', () => {
    expect(filterShape({ a: 1, $or: [{ b: 1 }, { c: { $lt: 3 } }] })).toEqual({ filter: { a: 'eq' }, or: [{ b: 'eq' }, { c: 'range' }] });
    expect(filterShape({ $expr: { $gt: ['$a', '$b'] } }).scan).toBe('$expr');
    expect(filterShape({ $nor: [{ a: 1 }] }).scan).toBe('$nor');
    expect(filterShape({ $comment: 'why', a: 1 })).toEqual({ filter: { a: 'eq' } });
  });

  it('reads a missing or empty filter as no condition', () => {
    expect(filterShape(undefined)).toEqual({ filter: {} });
    expect(filterShape({})).toEqual({ filter: {} });
  });
});

describe('commandShapes', () => {
  it('reads find with its filter and sort, never its projection', () => {
    const [shape] = commandShapes('find', { find: 'reviews', filter: { visible: true }, sort: { createdAt: -1 }, projection: { id: 1 } });
    expect(shape).toEqual({ collection: 'reviews', op: 'find', filter: { visible: 'eq' }, sort: [['createdAt', -1]] });
    expect(shapeKey(shape)).toBe('reviews.find {visible:eq} sort {createdAt:-1}');
  });

  it('reads the leading $match stages and the $sort after them of an aggregation', () => {
    const pipeline = [{ $match: { a: 1 } }, { $match: { b: { $gte: 2 } } }, { $sort: { b: 1 } }, { $group: { _id: '$a', n: { $sum: 1 } } }];
    expect(commandShapes('aggregate', { aggregate: 'reviews', pipeline })).toEqual([
      { collection: 'reviews', op: 'aggregate', filter: { a: 'eq', b: 'range' }, sort: [['b', 1]] },
    ]);
    expect(commandShapes('aggregate', { aggregate: 'reviews', pipeline: [{ $group: { _id: null } }] })[0].filter).toEqual({});
    expect(commandShapes('aggregate', { aggregate: 1, pipeline: [{ $currentOp: {} }] })).toEqual([]);
  });

  it('gives one shape per statement of an update or delete command', () => {
    const update = {
      update: 'votes',
      updates: [
        { q: { _id: 'a' }, u: { $set: { v: 1 } } },
        { q: { userId: 'u' }, u: { $set: { v: 1 } }, multi: true },
      ],
    };
    expect(commandShapes('update', update).map(shapeKey)).toEqual(['votes.update {_id:eq}', 'votes.updateMany {userId:eq}']);
    const remove = {
      delete: 'votes',
      deletes: [
        { q: { _id: 'a' }, limit: 1 },
        { q: { reviewId: 3 }, limit: 0 },
      ],
    };
    expect(commandShapes('delete', remove).map(shapeKey)).toEqual(['votes.delete {_id:eq}', 'votes.deleteMany {reviewId:eq}']);
  });

  it('reads findAndModify, count and distinct; an insert has no filter; other commands have no shape', () => {
    expect(
      shapeKey(commandShapes('findAndModify', { findAndModify: 'counters', query: { _id: 'x' }, update: { $inc: { seq: 1 } } })[0]),
    ).toBe('counters.findAndModify {_id:eq}');
    expect(shapeKey(commandShapes('count', { count: 'reviews', query: { visible: true } })[0])).toBe('reviews.count {visible:eq}');
    expect(shapeKey(commandShapes('distinct', { distinct: 'reviews', key: 'teacherId', query: {} })[0])).toBe('reviews.distinct {}');
    expect(commandShapes('insert', { insert: 'votes', documents: [{}, {}] })).toEqual([
      { collection: 'votes', op: 'insert', filter: {}, sort: [] },
    ]);
    for (const name of ['getMore', 'createIndexes', 'listIndexes', 'ping', 'buildInfo'])
      expect(commandShapes(name, { [name]: 'x' })).toEqual([]);
  });
});
