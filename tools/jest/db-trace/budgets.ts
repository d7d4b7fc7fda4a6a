// The operation budgets of docs/services/database-trace.md ("Database operations per request"): one markdown
// table per service (`#### <service>`), each row an endpoint (`METHOD /route/:pattern`, as the
// service routes it), the most database commands one request of it may send, and why.

export interface BudgetRow {
  service: string;
  method: string;
  route: string;
  budget: number;
}

export const BUDGETS_HEADING = '### Database operations per request';

/** The budget rows of the README's budgets section (throws when the section or a row is malformed). */
export function parseBudgets(markdown: string): BudgetRow[] {
  const start = markdown.indexOf(`\n${BUDGETS_HEADING}`);
  if (start < 0) throw new Error(`docs/services/database-trace.md has no "${BUDGETS_HEADING}" section`);
  const lines = markdown
    .slice(start + 1)
    .split('\n')
    .slice(1);
  const end = lines.findIndex((l) => /^#{1,3} /.test(l));
  const rows: BudgetRow[] = [];
  let service: string | null = null;
  for (const line of end < 0 ? lines : lines.slice(0, end)) {
    const heading = /^#### +`?([\w-]+)`?/.exec(line);
    if (heading) service = heading[1];
    if (!line.startsWith('|') || /^\|\s*-/.test(line) || /^\|\s*Endpoint\s*\|/i.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim().replace(/`/g, ''));
    const endpoint = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(cells[0] ?? '');
    const budget = Number(cells[1]);
    if (!service || !endpoint || !Number.isInteger(budget) || budget < 0)
      throw new Error(`docs/services/database-trace.md budgets: cannot read the row "${line}"`);
    rows.push({ service, method: endpoint[1], route: endpoint[2], budget });
  }
  return rows;
}
