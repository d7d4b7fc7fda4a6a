import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissPopup, getPopups, POPUP_DURATION_MS, showPopup, subscribePopups, type Popup } from '@pupitre/ui';
import styles from './shell.module.css';

// The popup area: translated Error.* / Success.* / Auth.* / Global.* messages raised by the
// request helper or any micro-frontend (store in @pupitre/ui). Each hides when its CSS animation
// ends (its length is in shell.module.css, no style attribute: ADR 0008); a timer of the same
// length is the fallback (no animation: reduced motion, tests).
export { POPUP_DURATION_MS, showPopup };

function PopupItem({ popup }: { popup: Popup }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    const timer = setTimeout(() => dismissPopup(popup.id), POPUP_DURATION_MS);
    return () => clearTimeout(timer);
  }, [popup.id]);
  return (
    <div
      className={`${styles.popup} ${styles[`popup-${popup.tone}`] ?? ''}`}
      role={popup.tone === 'error' ? 'alert' : 'status'}
      data-testid="popup"
      data-key={popup.key}
      onAnimationEnd={() => dismissPopup(popup.id)}
    >
      <span>{t(popup.key)}</span>
      <button type="button" className={styles.popupClose} onClick={() => dismissPopup(popup.id)} aria-label={t('popup.dismiss')}>
        ×
      </button>
    </div>
  );
}

export function Notifications() {
  const current = useSyncExternalStore(subscribePopups, getPopups, getPopups);
  return (
    <div className={styles.popups}>
      {current.map((popup) => (
        <PopupItem key={popup.id} popup={popup} />
      ))}
    </div>
  );
}
