import { lastMonths, monthlyFigures } from './figures';

const d = (iso: string) => new Date(iso);

test('the last 12 months, oldest first, across a year', () => {
  expect(lastMonths(d('2026-02-10T00:00:00Z'))).toEqual([
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
  ]);
});

test('publications, holds, removals, reports and their outcomes by month; the median time to a decision', async () => {
  const report = (at: string, outcome: 'open' | 'kept' | 'removed', decidedAt: string | null) => ({
    userId: 'u',
    content: 'x',
    weight: 1,
    at: d(at),
    outcome,
    reason: null,
    decidedAt: decidedAt ? d(decidedAt) : null,
  });
  const months = await monthlyFigures(
    [
      // Published in October (first publication kept across edits), held by the checks in November, decided after 4 h.
      {
        firstPublishedAt: d('2026-10-05T10:00:00Z'),
        pub: { publishedAt: d('2026-11-20T10:00:00Z') } as never,
        history: [
          { kind: 'held', by: 'checks', at: d('2026-11-01T10:00:00Z') },
          { kind: 'decided', by: 'moderator', at: d('2026-11-01T14:00:00Z'), waitedMs: 4 * 3_600_000 },
        ],
        reports: [],
      },
      // An older document without firstPublishedAt: its public version's date; two reports, one kept after 2 h, one open.
      {
        pub: { publishedAt: d('2026-11-02T00:00:00Z') } as never,
        history: [],
        reports: [report('2026-11-03T00:00:00Z', 'kept', '2026-11-03T02:00:00Z'), report('2026-11-04T00:00:00Z', 'open', null)],
      },
      // Removed by a moderator in November on a report sent in October (10 h).
      {
        firstPublishedAt: null,
        pub: null,
        history: [{ kind: 'removed', by: 'moderator', at: d('2026-11-10T10:00:00Z') }],
        reports: [report('2026-10-31T20:00:00Z', 'removed', '2026-11-01T06:00:00Z')],
      },
      // Outside the 12 months: not counted.
      { firstPublishedAt: d('2020-01-01T00:00:00Z'), pub: null, history: [], reports: [] },
    ],
    d('2026-11-23T00:00:00Z'),
  );
  expect(months).toHaveLength(12);
  const october = months.find((m) => m.month === '2026-10');
  const november = months.find((m) => m.month === '2026-11');
  expect(october).toEqual({
    month: '2026-10',
    published: 1,
    held: 0,
    removed: 0,
    reports: 1,
    reports_kept: 0,
    reports_removed: 0,
    median_hours_to_decision: null,
  });
  expect(november).toEqual({
    month: '2026-11',
    published: 1,
    held: 1,
    removed: 1,
    reports: 2,
    reports_kept: 1,
    reports_removed: 1,
    median_hours_to_decision: 4,
  });
  expect(months[0]).toMatchObject({ month: '2025-12', published: 0, median_hours_to_decision: null });
});
