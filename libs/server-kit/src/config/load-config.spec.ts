import { z } from 'zod';
import { EXIT_CONFIG, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('returns the config when valid', () => {
    expect(loadConfig(z.object({ A: z.string() }), { A: 'x' })).toEqual({ A: 'x' });
  });

  it('prints one line per problem and exits with 78', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => loadConfig(z.object({ A: z.string({ message: 'some text' }) }), {}, 'demo')).toThrow(`exit ${EXIT_CONFIG}`);
      expect(stderr.mock.calls[0][0]).toBe(
        'demo: invalid configuration, refusing to start:\n  - A: required (some text), but it is not set\n',
      );
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});
