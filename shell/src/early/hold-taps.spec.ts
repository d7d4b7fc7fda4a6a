import { announceTakenOver } from '@pupitre/mf-runtime';
import { holdTapsUntilTakeover } from './hold-taps';

function page(rendered: boolean) {
  document.body.innerHTML = `<div id="root"><button id="vote">Vote</button><a id="link" href="#x">x</a></div>${
    rendered
      ? `<script type="application/json" id="pupitre-ssr">${JSON.stringify({ v: 1, lang: 'fr', path: window.location.pathname, remote: 'shell', route: window.location.pathname, now: 1, reads: {}, table: { routes: [], nav: [], unavailable: [] }, config: {} })}</script>`
      : ''
  }`;
  const clicks: string[] = [];
  // The page's own code (React listens on the root) sees a tap only once it is the browser's.
  document.getElementById('root')!.addEventListener('click', (e) => clicks.push((e.target as Element).id));
  return clicks;
}

test('a tap on a button of a server-rendered page before the takeover is held, then played once', () => {
  const clicks = page(true);
  holdTapsUntilTakeover(document, window);
  document.getElementById('vote')!.click();
  document.getElementById('vote')!.click();
  document.getElementById('link')!.click(); // links work without script: not held
  expect(clicks).toEqual(['link']);
  announceTakenOver();
  expect(clicks).toEqual(['link', 'vote']);
  document.getElementById('vote')!.click();
  expect(clicks).toEqual(['link', 'vote', 'vote']);
});

test('a page built in the browser holds nothing; a takeover that never comes releases the taps in time', () => {
  jest.useFakeTimers();
  try {
    const plain = page(false);
    holdTapsUntilTakeover(document, window);
    document.getElementById('vote')!.click();
    expect(plain).toEqual(['vote']);
    const clicks = page(true);
    holdTapsUntilTakeover(document, window, 1000);
    document.getElementById('vote')!.click();
    expect(clicks).toEqual([]);
    jest.advanceTimersByTime(1000);
    expect(clicks).toEqual(['vote']);
  } finally {
    jest.useRealTimers();
  }
});
