import { isDuplicateKey, upsertRetried } from './duplicate-key';

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
