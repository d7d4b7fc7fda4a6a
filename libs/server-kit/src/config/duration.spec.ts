import { parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['10m', 600_000],
    ['2s', 2000],
    ['1.5s', 1500],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
    ['1500', 1500],
    ['0', 0],
    [' 3 S ', 3000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'soon', '-1s', '10 minutes', '1e3', '2w', 's'])('%j is not a duration', (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );
});
