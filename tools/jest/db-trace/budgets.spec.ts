import { parseBudgets } from './budgets';

const readme = (tables: string) =>
  `# Services\n\n## Tests\n\n### Database operations per request\n\nSome words.\n\n${tables}\n## Next section\n\n| GET /not/read | 1 | x |\n`;

describe('parseBudgets', () => {
  it('reads one table per service, backquotes or not', () => {
    const rows = parseBudgets(
      readme(
        `#### auth\n\n| Endpoint | Budget | Why |\n|---|---|---|\n| \`POST /auth/token/\` | 3 | user, then tokens |\n\n#### \`rating\`\n\n| Endpoint | Budget | Why |\n|---|--:|---|\n| GET /api/teacher/:id | 2 | the catalogue |\n`,
      ),
    );
    expect(rows).toEqual([
      { service: 'auth', method: 'POST', route: '/auth/token/', budget: 3 },
      { service: 'rating', method: 'GET', route: '/api/teacher/:id', budget: 2 },
    ]);
  });

  it('refuses a missing section and unreadable rows', () => {
    expect(() => parseBudgets('# nothing here')).toThrow(/no "### Database operations per request" section/);
    expect(() => parseBudgets(readme('#### auth\n\n| GET /x | many | y |\n'))).toThrow(/cannot read the row/);
    expect(() => parseBudgets(readme('| GET /x | 1 | before any service heading |\n'))).toThrow(/cannot read the row/);
  });
});
