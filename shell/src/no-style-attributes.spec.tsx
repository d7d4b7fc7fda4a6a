import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { initI18n } from '@pupitre/i18n';
import { dismissPopup, getPopups } from '@pupitre/ui';
import { Notifications, POPUP_DURATION_MS, showPopup } from './notifications';
import { RouterFallback } from './pages/ErrorScreens';

initI18n('en');

// Server-rendered HTML may carry no style attribute (CSP, ADR 0008, issue #39).
const html = (node: React.ReactElement) => {
  const out = renderToString(node);
  expect(out).not.toMatch(/\sstyle=/);
  return out;
};

afterEach(() => getPopups().forEach((popup) => dismissPopup(popup.id)));

test('the router fallback wraps the error text by a class', () => {
  expect(html(<RouterFallback error={new Error('line one\nline two')} />)).toContain('<pre role="alert" class="fallbackDetail">');
});

test('a popup takes its animation length from its class, no style attribute', () => {
  showPopup('Error.fatal');
  expect(html(<Notifications />)).toContain('class="popup popup-error"');
});

test('the popup animation in shell.module.css lasts POPUP_DURATION_MS, the fallback timer’s length', () => {
  const css = readFileSync(join(__dirname, 'shell.module.css'), 'utf8');
  const rule = /(^|\n)\.popup \{([^}]*)\}/.exec(css)?.[2] ?? '';
  expect(rule).toContain('animation-name: pp-popup;');
  expect(/animation-duration:\s*([\d.]+)(m?s);/.exec(rule)?.slice(1)).toEqual([String(POPUP_DURATION_MS), 'ms']);
});
