import { Suspense, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { useHydrated, useIsHydrating, useMountValue, useTypedBeforeTakeover } from './hydration';

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

test('useIsHydrating: true on the server and while hydrating, false in a client render; hydrating does not render again', async () => {
  const seen: boolean[] = [];
  function Probe() {
    const hydrating = useIsHydrating();
    seen.push(hydrating);
    return <p>{String(hydrating)}</p>;
  }
  expect(renderToString(<Probe />)).toBe('<p>true</p>');
  const { errors } = await hydrate(<Probe />, () => (seen.length = 0));
  expect(errors).toEqual([]);
  // One render: a snapshot that moved after hydrating would make React render again at once, synchronously (a long task).
  expect(seen).toEqual([true]);
  render(<Probe />);
  expect(seen.at(-1)).toBe(false);
});

test('useHydrated: false while hydrating, then true in a transition; at once in a client render', async () => {
  const seen: boolean[] = [];
  function Probe() {
    const hydrated = useHydrated();
    seen.push(hydrated);
    return <p data-testid="hydrated">{String(hydrated)}</p>;
  }
  const { host, errors } = await hydrate(<Probe />, () => (seen.length = 0));
  expect(errors).toEqual([]);
  expect(seen).toEqual([false, true]);
  expect(host.textContent).toBe('true');
  seen.length = 0;
  render(<Probe />);
  expect(seen).toEqual([true]);
});

test('useHydrated: the render after hydrating is a transition (React keeps the page while it suspends; a synchronous one would not)', async () => {
  const never = new Promise<never>(() => undefined);
  function Suspends() {
    if (useHydrated()) throw never; // the render after hydrating suspends for good
    return <p>server page</p>;
  }
  const page = (
    <Suspense fallback={<p>fallback</p>}>
      <Suspends />
    </Suspense>
  );
  const { host, errors } = await hydrate(page);
  expect(errors).toEqual([]);
  // A transition that suspends keeps what is shown; a synchronous update would have replaced it by the fallback.
  expect(host.textContent).toBe('server page');
});
