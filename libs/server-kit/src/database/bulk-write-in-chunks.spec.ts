import { bulkWriteInChunks } from './bulk-write-in-chunks';

describe('bulkWriteInChunks', () => {
  it('writes every operation, in order, never more than the chunk size per command', async () => {
    const sent: number[][] = [];
    await bulkWriteInChunks(
      Array.from({ length: 162 }, (_, i) => i),
      async (chunk) => sent.push(chunk),
    );
    expect(sent.map((c) => c.length)).toEqual([50, 50, 50, 12]);
    expect(sent.flat()).toEqual(Array.from({ length: 162 }, (_, i) => i));
  });

  it('sends nothing for no operations', async () => {
    const write = jest.fn();
    await bulkWriteInChunks([], write);
    expect(write).not.toHaveBeenCalled();
  });
});
