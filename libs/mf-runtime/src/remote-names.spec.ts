import { isRemoteName, routesModuleId } from './remote-names';

test('a remote name is any federation-safe lower-case name but the shell’s', () => {
  for (const name of ['community', 'review', 'account', 'extra', 'shop_2', 'a']) expect(isRemoteName(name)).toBe(true);
  for (const name of ['', 'Community', '2shop', 'my-shop', 'shop.js', '_x', 'a'.repeat(33), 'shell', '$comment', 42, null])
    expect(isRemoteName(name)).toBe(false);
});

test("a remote's route map is its ./routes module", () => {
  expect(routesModuleId('extra')).toBe('extra/routes');
});
