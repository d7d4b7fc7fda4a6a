import { testDatabaseName } from './test-database-name';

describe('testDatabaseName', () => {
  it('is derived from the file, unique, and a valid database name', () => {
    const a = testDatabaseName('/x/services/rating/src/app/Rating-API.int.spec.ts');
    const b = testDatabaseName('/x/services/rating/src/app/Rating-API.int.spec.ts');
    expect(a).toMatch(/^it_rating_api_[0-9a-f]{10}$/);
    expect(a).not.toBe(b);
    expect(testDatabaseName('x'.repeat(100)).length).toBeLessThanOrEqual(63);
  });
});
