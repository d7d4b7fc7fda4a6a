import { AuthorKeys, authorKeyOf } from './author-keys';

describe('the moderation console’s author keys', () => {
  const keys = new AuthorKeys({ MODERATION_KEY_SECRET: 'x'.repeat(32) });

  it('are opaque: neither the account id nor the teacher shows', () => {
    const key = keys.of('6650f0c2a1b2c3d4e5f60718', 4);
    expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(key).not.toContain('6650f0c2');
  });

  it('are the same for one author and one teacher, different across teachers and authors', () => {
    expect(keys.of('alice', 4)).toBe(keys.of('alice', 4));
    expect(keys.of('alice', 4)).not.toBe(keys.of('alice', 5));
    expect(keys.of('alice', 4)).not.toBe(keys.of('bob', 4));
  });

  it('depend on the secret: without it nobody can recompute them from account ids', () => {
    expect(authorKeyOf('y'.repeat(32), 'alice', 4)).not.toBe(keys.of('alice', 4));
    expect(new AuthorKeys({}).of('alice', 4)).not.toBe(new AuthorKeys({}).of('alice', 4));
  });
});
