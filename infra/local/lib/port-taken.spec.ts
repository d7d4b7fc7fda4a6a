import { portTaken } from '../stack.mjs';

test('a port taken between its pick and its listen is told apart, as Node and nginx say it, from any other failure', () => {
  expect(portTaken(new Error('listen EADDRINUSE: address already in use 127.0.0.1:4000'))).toBe(true);
  expect(
    portTaken(new Error('nginx (the edge) exited: nginx: [emerg] bind() to 127.0.0.1:45631 failed (98: Address already in use)')),
  ).toBe(true);
  expect(portTaken(new Error('nginx refuses the edge configuration'))).toBe(false);
  expect(portTaken(undefined)).toBe(false);
});
