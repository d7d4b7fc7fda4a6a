// The page's popups (spec, section 8): translated `Error.*` / `Success.*` / `Auth.*` / `Global.*`
// messages (namespace `common`) that hide by themselves after their animation. One store for the
// whole page, shared as a singleton, so any micro-frontend raises a popup the shell displays.
export type PopupTone = 'error' | 'success' | 'info';

export interface Popup {
  id: number;
  /** Translation key in the `common` namespace (or `ns:key`). */
  key: string;
  tone: PopupTone;
}

/**
 * The product's popups raised by the micro-frontends themselves (the request helper's own are in
 * @pupitre/api-client): one registry, so every team uses the same translated keys.
 */
export const POPUP_KEYS = {
  reviewCreated: 'Success.review-created',
  reviewModified: 'Success.review-modified',
  teacherQuery: 'Error.teacher-query',
  maintenance: 'Global.maintenance',
} as const;

/** How long a popup stays: its CSS animation lasts exactly this long (`.popup` in shell/src/shell.module.css; a test checks). */
export const POPUP_DURATION_MS = 4000;

let popups: readonly Popup[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const toneOf = (key: string): PopupTone => (/^(\w+:)?Success\./.test(key) ? 'success' : /^(\w+:)?Global\./.test(key) ? 'info' : 'error');

/** Shows a popup; the same message already on screen is not shown twice. */
export function showPopup(key: string, tone: PopupTone = toneOf(key)): void {
  if (popups.some((popup) => popup.key === key)) return;
  popups = [...popups, { id: nextId++, key, tone }];
  emit();
}

export function dismissPopup(id: number): void {
  popups = popups.filter((popup) => popup.id !== id);
  emit();
}

export function getPopups(): readonly Popup[] {
  return popups;
}

export function subscribePopups(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
