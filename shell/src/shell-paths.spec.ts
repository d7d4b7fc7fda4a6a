import { isShellPage, SHELL_PATHS } from './shell-paths';
import { SHELL_PAGES } from './route-table';

test("the shell's pages, with or without a trailing slash, in any case, and nothing else", () => {
  expect(['/', '/admin', '/admin/', '/conditions-service', '/politique-de-privacite//', '/Admin'].map(isShellPage)).toEqual([
    true,
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(['/communaute', '/admin/users', '/teacher/1', '/adminx', ''].map(isShellPage)).toEqual([false, false, false, false, true]);
});

test('one list: every shell path has its screen', () => {
  expect(Object.keys(SHELL_PAGES).sort()).toEqual([...SHELL_PATHS].sort());
});
