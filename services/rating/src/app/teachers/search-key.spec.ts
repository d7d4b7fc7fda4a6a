import { searchKey, teacherSearchKey } from './search-key';

describe('searchKey', () => {
  it.each([
    ['Mme Éloïse Bœuf-Núñez', 'mme eloise boeuf nunez'],
    ['LEFÈVRE', 'lefevre'],
    ["O'Connor", 'o connor'],
    ['  Gómez   García ', 'gomez garcia'],
    ['Ærø Straße', 'aero strasse'],
    ['Çağlar', 'caglar'],
  ])('%s → %s', (text, key) => expect(searchKey(text)).toBe(key));

  it('joins prefix and name', () => {
    expect(teacherSearchKey('M.', 'Lefèvre')).toBe('m lefevre');
  });

  it('makes accented and plain queries meet', () => {
    expect(searchKey('fernandez')).toBe(searchKey('Fernández'));
  });
});
