// Reads of the review remote's rendered pages as the rating API answers them (tests of the renderer
// and of the client's takeover).
/** One month of the transparency figures, zero but for `patch`. */
export const month = (month: string, patch: Record<string, number | null> = {}) => ({
  month,
  published: 0,
  held: 0,
  removed: 0,
  reports: 0,
  reports_kept: 0,
  reports_removed: 0,
  median_hours_to_decision: null,
  ...patch,
});

export const TRANSPARENCY_READS = {
  '/api/transparency': {
    generated_at: '2026-11-23T10:00:00.000Z',
    months: [month('2026-10', { published: 3 }), month('2026-11', { published: 5, held: 2, median_hours_to_decision: 3.5 })],
  },
};

export const PUBLICATION_READS = {
  '/api/subjects': [
    { id: 1, name: 'Maths', color: '#ff0000' },
    { id: 2, name: 'Histoire', color: '#00aa00' },
  ],
};
