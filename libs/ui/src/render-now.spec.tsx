import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { setRenderNow, useRenderNow } from './render-now';

function Clock() {
  return <p data-testid="now">{useRenderNow()}</p>;
}

afterEach(() => setRenderNow(null));

test('the server and the hydration render from the moment set; a client render from the clock', async () => {
  setRenderNow(1_000);
  const html = renderToString(<Clock />);
  expect(html).toBe('<p data-testid="now">1000</p>');
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(host, <Clock />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(host.textContent).toBe('1000');
  host.remove();
  render(<Clock />);
  expect(Number(screen.getByTestId('now').textContent)).toBeGreaterThan(1_000_000);
});
