import { formatDay, formatDecimal, formatMonth, formatPercent, relativeDay } from './format';

test('ratings with one decimal as each language writes them', () => {
  expect(formatDecimal(8, 'fr')).toBe('8,0');
  expect(formatDecimal(8.46, 'es')).toBe('8,5');
  expect(formatDecimal(8, 'en')).toBe('8.0');
  expect(formatDecimal(10, 'fr')).toBe('10,0');
});

test('percentages', () => {
  expect(formatPercent(60, 'fr')).toBe('60\u00a0%');
  expect(formatPercent(60, 'en')).toBe('60%');
  expect(formatPercent(59.6, 'es')).toBe('60\u00a0%');
});

test("a public day in full, whatever the reader's time zone", () => {
  expect(formatDay('2026-01-15T00:00:00.000Z', 'fr')).toBe('15 janvier 2026');
  expect(formatDay('2026-01-15T00:00:00.000Z', 'en')).toBe('January 15, 2026');
  expect(formatDay('not a date', 'en')).toBe('not a date');
});

test('a public month, as each language writes it', () => {
  expect(formatMonth('2026-11-01T00:00:00.000Z', 'fr')).toBe('novembre 2026');
  expect(formatMonth('2026-11-01T00:00:00.000Z', 'es')).toBe('noviembre de 2026');
  expect(formatMonth('2026-11-01T00:00:00.000Z', 'en')).toBe('November 2026');
  expect(formatMonth('not a date', 'en')).toBe('not a date');
});

test('how long ago a day was, in calendar days then weeks, months, years', () => {
  const now = Date.parse('2026-03-10T15:00:00.000Z');
  expect(relativeDay('2026-03-10T00:00:00.000Z', 'fr', now)).toBe('aujourd’hui');
  expect(relativeDay('2026-03-09T00:00:00.000Z', 'en', now)).toBe('yesterday');
  expect(relativeDay('2026-03-05T00:00:00.000Z', 'es', now)).toBe('hace 5 días');
  expect(relativeDay('2026-02-24T00:00:00.000Z', 'en', now)).toBe('2 weeks ago');
  expect(relativeDay('2025-12-01T00:00:00.000Z', 'fr', now)).toBe('il y a 3 mois');
  expect(relativeDay('2024-02-01T00:00:00.000Z', 'en', now)).toBe('2 years ago');
  expect(relativeDay('x', 'en', now)).toBeNull();
});

test('each language and option set builds its Intl formatter once, however many values a page formats', () => {
  const built = { numbers: 0, relative: 0 };
  const { NumberFormat, RelativeTimeFormat } = Intl;
  class CountingNumberFormat extends NumberFormat {
    constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      super(...args);
      built.numbers += 1;
    }
  }
  class CountingRelativeTimeFormat extends RelativeTimeFormat {
    constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
      super(...args);
      built.relative += 1;
    }
  }
  Object.assign(Intl, { NumberFormat: CountingNumberFormat, RelativeTimeFormat: CountingRelativeTimeFormat });
  try {
    for (let i = 0; i < 200; i += 1) {
      formatDecimal(i / 10, 'pt');
      relativeDay('2026-02-24T00:00:00.000Z', 'pt', Date.parse('2026-03-10T12:00:00.000Z'));
    }
    expect(formatDecimal(8.46, 'pt', 2)).toBe('8,46');
    expect(built).toEqual({ numbers: 2, relative: 1 }); // one digit, then two digits
  } finally {
    Object.assign(Intl, { NumberFormat, RelativeTimeFormat });
  }
});
