import { ensureDocument, isDuplicateKey, isWriteConflict, updateCreating, upsertRetried, writeRetried } from './duplicate-key';

describe('isDuplicateKey', () => {
  it('recognises a unique-index failure by code or message, nothing else', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey(new Error('E11000 duplicate key error collection: x index: _id_'))).toBe(true);
    expect(isDuplicateKey(new Error('connection closed'))).toBe(false);
    expect(isDuplicateKey({ code: 121 })).toBe(false);
  });
});

describe('upsertRetried', () => {
  const duplicate = () => Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });

  it('tries once more when the upsert lost the insert race, and gives up after three tries', async () => {
    let calls = 0;
    await expect(upsertRetried(async () => (++calls === 1 ? Promise.reject(duplicate()) : 'updated'))).resolves.toBe('updated');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      upsertRetried(async () => {
        calls += 1;
        throw duplicate();
      }),
    ).rejects.toMatchObject({ code: 11000 });
    expect(calls).toBe(3);
  });

  it('never retries another failure', async () => {
    let calls = 0;
    await expect(upsertRetried(async () => Promise.reject(new Error(`down ${++calls}`)))).rejects.toThrow('down 1');
    expect(calls).toBe(1);
  });
});

describe('writeRetried and ensureDocument', () => {
  const conflict = () => Object.assign(new Error('deadlock detected'), { code: 112 });

  it('recognises a write conflict: 112, a serialization failure, a deadlock; nothing else', () => {
    expect(isWriteConflict({ code: 112 })).toBe(true);
    expect(isWriteConflict({ code: 16777220 })).toBe(true);
    expect(isWriteConflict(new Error('deadlock detected'))).toBe(true);
    expect(isWriteConflict({ code: 11000 })).toBe(false);
    expect(isWriteConflict(new Error('connection closed'))).toBe(false);
  });

  it('sends a write again while it loses conflicts, up to its attempts; then the conflict surfaces', async () => {
    let calls = 0;
    await expect(writeRetried(async () => (++calls < 3 ? Promise.reject(conflict()) : 'written'))).resolves.toBe('written');
    expect(calls).toBe(3);
    calls = 0;
    await expect(writeRetried(async () => Promise.reject(Object.assign(conflict(), { n: ++calls })), 4)).rejects.toMatchObject({
      code: 112,
    });
    expect(calls).toBe(4);
  });

  it('upsertRetried survives a conflict then a duplicate key (the loser of the insert race updates)', async () => {
    const answers = [conflict(), Object.assign(new Error('E11000'), { code: 11000 })];
    await expect(upsertRetried(async () => (answers.length ? Promise.reject(answers.shift()) : 'updated'))).resolves.toBe('updated');
  });

  it('ensureDocument: created, or already there (a duplicate key, even after a conflict), or the other failure', async () => {
    await expect(ensureDocument(async () => 'inserted')).resolves.toBeUndefined();
    const answers = [conflict(), Object.assign(new Error('E11000'), { code: 11000 })];
    await expect(ensureDocument(async () => Promise.reject(answers.shift()))).resolves.toBeUndefined();
    await expect(ensureDocument(async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });
});

describe('updateCreating', () => {
  it('one write when the document exists; else it is created apart, then updated; null if deleted in between', async () => {
    const inserts: string[] = [];
    const insert = async () => void inserts.push('insert');
    await expect(updateCreating(async () => 'updated', insert)).resolves.toBe('updated');
    expect(inserts).toEqual([]);
    const answers: (string | null)[] = [null, 'updated after creation'];
    await expect(updateCreating(async () => answers.shift() ?? null, insert)).resolves.toBe('updated after creation');
    expect(inserts).toEqual(['insert']);
    // Created by a concurrent writer: the duplicate key is taken as "it exists".
    const raced = [null, 'updated'];
    const duplicate = async () => Promise.reject(Object.assign(new Error('E11000'), { code: 11000 }));
    await expect(updateCreating(async () => raced.shift() ?? null, duplicate)).resolves.toBe('updated');
    await expect(updateCreating(async () => null, insert)).resolves.toBeNull();
  });
});
