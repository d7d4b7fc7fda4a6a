import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { useMountValue, useTypedBeforeTakeover } from './hydration';

let stored = 'kept';
function Stored() {
  const [value] = useMountValue(() => stored, 'server');
  return <p data-testid="value">{value}</p>;
}

function Typed() {
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeTakeover(ref, text, setText);
  return (
    <>
      <input ref={ref} value={text} onChange={(e) => setText(e.target.value)} data-testid="field" />
      <p data-testid="count">{text.length}</p>
    </>
  );
}

async function hydrate(element: React.ReactElement, beforeHydrating: (host: HTMLElement) => void = () => undefined) {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  document.body.append(host);
  beforeHydrating(host);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(host, element, { onRecoverableError: (e) => errors.push(e) });
  });
  return { host, errors };
}

afterEach(() => (document.body.innerHTML = ''));

test("useMountValue: the server's value on the server and while hydrating, the browser's right after; at once in a client render", async () => {
  expect(renderToString(<Stored />)).toBe('<p data-testid="value">server</p>');
  const { host, errors } = await hydrate(<Stored />);
  expect(errors).toEqual([]);
  expect(host.textContent).toBe('kept');
  stored = 'client';
  render(<Stored />);
  expect(screen.getAllByTestId('value').at(-1)!.textContent).toBe('client');
});

test('useTypedBeforeTakeover: what was typed into the server field before hydrating goes into the state', async () => {
  const { host, errors } = await hydrate(<Typed />, (h) => void (h.querySelector('input')!.value = 'early'));
  expect(errors).toEqual([]);
  expect(host.querySelector('input')!.value).toBe('early');
  expect(host.querySelector('[data-testid="count"]')!.textContent).toBe('5');
});
