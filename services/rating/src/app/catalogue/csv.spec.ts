import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and both line endings', () => {
    expect(parseCsv('prefix,name,subjects\r\nM.,"O\'Connor, Jr",Anglais|SES\nMme,"Le ""Grand""",SVT\n')).toEqual([
      ['prefix', 'name', 'subjects'],
      ['M.', "O'Connor, Jr", 'Anglais|SES'],
      ['Mme', 'Le "Grand"', 'SVT'],
    ]);
  });
  it('detects semicolons and skips blank lines', () => {
    expect(parseCsv('name;color\n\nSVT;#43a047')).toEqual([
      ['name', 'color'],
      ['SVT', '#43a047'],
    ]);
  });
});
