import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './shell.module.css';

// Translated error popups raised by the request helper (spec: they auto-hide).
export const POPUP_DURATION_MS = 4000;

interface Popup {
  id: number;
  key: string;
}

let popups: Popup[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showPopup(key: string): void {
  // The same message twice in a row is shown once.
  if (popups.some((popup) => popup.key === key)) return;
  popups = [...popups, { id: nextId++, key }];
  emit();
}

export function dismissPopup(id: number): void {
  popups = popups.filter((popup) => popup.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function PopupItem({ popup }: { popup: Popup }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    const timer = setTimeout(() => dismissPopup(popup.id), POPUP_DURATION_MS);
    return () => clearTimeout(timer);
  }, [popup.id]);
  return (
    <div className={styles.popup} role="alert" data-testid="popup">
      <span>{t(popup.key)}</span>
      <button type="button" className={styles.popupClose} onClick={() => dismissPopup(popup.id)} aria-label={t('error.dismiss')}>
        ×
      </button>
    </div>
  );
}

export function Notifications() {
  const current = useSyncExternalStore(subscribe, () => popups, () => popups);
  return (
    <div className={styles.popups}>
      {current.map((popup) => (
        <PopupItem key={popup.id} popup={popup} />
      ))}
    </div>
  );
}
