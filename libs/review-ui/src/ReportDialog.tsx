import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { REPORT_CONTENT_MAX } from '@pupitre/contracts';
import { Button } from '@pupitre/ui';
import styles from './review-ui.module.css';

/**
 * The report dialog (spec, section 2): a text area of at most 512 characters; it closes on its
 * close button, on Escape, and on submit (the sending is the caller's `onSubmit`). A box asks to be
 * told the moderators' decision by e-mail (`notify`).
 */
export function ReportDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (content: string, notify: boolean) => void }) {
  const { t } = useTranslation('review-ui');
  const [content, setContent] = useState('');
  const [notify, setNotify] = useState(false);
  const notifyId = useId();
  const titleId = useId();
  const fieldId = useId();
  const counterId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);

  useEffect(() => {
    area.current?.focus();
    const back = opener.current;
    return () => {
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);

  const trimmed = content.trim();
  // A portal: the card may sit in a moving carousel (a transformed, clipped ancestor).
  return createPortal(
    <div className={styles.backdrop} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="report-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId}>{t('report.title')}</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!trimmed) return;
            onSubmit(trimmed, notify);
            onClose();
          }}
        >
          <label htmlFor={fieldId}>{t('report.label')}</label>
          <textarea
            id={fieldId}
            ref={area}
            className="pp-input"
            rows={5}
            maxLength={REPORT_CONTENT_MAX}
            value={content}
            aria-describedby={counterId}
            onChange={(e) => setContent(e.target.value.slice(0, REPORT_CONTENT_MAX))}
          />
          <p id={counterId} className={styles.counter}>
            {t('report.counter', { count: content.length, max: REPORT_CONTENT_MAX })}
          </p>
          <p>
            <input
              id={notifyId}
              type="checkbox"
              checked={notify}
              onChange={(e) => setNotify(e.target.checked)}
              data-testid="report-notify"
            />{' '}
            <label htmlFor={notifyId}>{t('report.notify')}</label>
          </p>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={onClose}>
              {t('report.close')}
            </Button>
            <Button type="submit" disabled={!trimmed}>
              {t('report.send')}
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
