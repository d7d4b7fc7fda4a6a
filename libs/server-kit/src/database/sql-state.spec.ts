import { isDatabaseAwayState, packedSqlState } from './sql-state';

describe('PostgreSQL states passed on by DocumentDB', () => {
  it("packs a SQLSTATE as DocumentDB's gateway does (40001, a serialization failure, is 16777220)", () => {
    expect(packedSqlState('40001')).toBe(16777220);
    expect(packedSqlState('57P03')).toBe(5 + 7 * 64 + 32 * 64 ** 2 + 0 + 3 * 64 ** 4);
  });

  it('knows a restarting, shutting-down or unreachable PostgreSQL by its code or its message', () => {
    expect(isDatabaseAwayState({ code: packedSqlState('57P03'), message: 'x' })).toBe(true);
    expect(isDatabaseAwayState({ code: packedSqlState('08006'), message: 'x' })).toBe(true);
    expect(isDatabaseAwayState({ code: 1, message: 'Pool error: timed out waiting for connection' })).toBe(true);
    expect(isDatabaseAwayState({ code: 1, message: 'FATAL: sorry, too many clients already' })).toBe(true);
  });

  it('leaves bad requests and MongoDB codes alone', () => {
    expect(isDatabaseAwayState({ code: 2, message: 'BadValue' })).toBe(false);
    expect(isDatabaseAwayState({ code: 11000, message: 'E11000 duplicate key error' })).toBe(false);
    expect(isDatabaseAwayState({ code: packedSqlState('40001'), message: 'could not serialize access' })).toBe(false);
  });
});
