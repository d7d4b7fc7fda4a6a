import { JsonLogger } from './json-logger';

function capture(level: ConstructorParameters<typeof JsonLogger>[0]) {
  const lines: string[] = [];
  const logger = new JsonLogger(level, (line) => lines.push(line));
  return { logger, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), lines };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with time, level, context and msg', () => {
    const { logger, lines, entries } = capture('info');
    logger.log('started', 'Bootstrap');
    expect(lines[0].endsWith('\n')).toBe(true);
    expect(entries()[0]).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', context: 'Bootstrap', msg: 'started' });
  });

  it('merges object messages as fields and keeps error stacks', () => {
    const { logger, entries } = capture('info');
    logger.warn({ msg: 'slow', ms: 12 }, 'Http');
    logger.error('boom', 'Error: boom\n    at x (y.js:1:1)', 'Http');
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'warn', context: 'Http', msg: 'slow', ms: 12 }),
      expect.objectContaining({ level: 'error', context: 'Http', msg: 'boom', stack: 'Error: boom\n    at x (y.js:1:1)' }),
    ]);
  });

  it('copies every line, at every level, for the tests’ privacy audit', () => {
    const written: string[] = [];
    const copied: string[] = [];
    const logger = new JsonLogger(
      'silent',
      (line) => written.push(line),
      'Test',
      (line) => copied.push(line),
    );
    logger.debug({ msg: 'a detail', reviewId: 4 });
    logger.warn('a warning');
    expect(written).toEqual([]);
    expect(copied.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 'debug', msg: 'a detail', reviewId: 4 }),
      expect.objectContaining({ level: 'warn', msg: 'a warning' }),
    ]);
  });

  it('respects the level', () => {
    const { logger, entries } = capture('warn');
    logger.debug('no');
    logger.log('no');
    logger.warn('yes');
    logger.fatal('yes');
    expect(entries().map((e) => e.level)).toEqual(['warn', 'fatal']);
  });

  it('prints nothing when silent', () => {
    const { logger, lines } = capture('silent');
    logger.fatal('x');
    expect(lines).toEqual([]);
  });
});
