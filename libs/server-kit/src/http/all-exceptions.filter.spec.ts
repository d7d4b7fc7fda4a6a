import { withoutKeyValues } from './all-exceptions.filter';

describe('withoutKeyValues', () => {
  it("drops the key a MongoDB duplicate-key message quotes (an account id there would sit next to the request's review path)", () => {
    const message = 'E11000 duplicate key error collection: pupitre.user_index index: _id_ dup key: { _id: "acc-123" }';
    expect(withoutKeyValues(message)).toBe('E11000 duplicate key error collection: pupitre.user_index index: _id_ dup key: {…}');
    expect(withoutKeyValues(`MongoServerError: ${message}\n    at x (y.js:1:2)`)).not.toContain('acc-123');
  });

  it('leaves other messages as they are', () => {
    expect(withoutKeyValues("Duplicate key violation on the requested collection: Index '_id_'")).toBe(
      "Duplicate key violation on the requested collection: Index '_id_'",
    );
    expect(withoutKeyValues(undefined)).toBeUndefined();
  });
});
