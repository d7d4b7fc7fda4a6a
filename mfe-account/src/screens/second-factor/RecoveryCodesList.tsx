import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@pupitre/ui';
import styles from './second-factor.module.css';

/** The recovery codes, shown once: copy, download, then "saved". */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pupitre-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h3 id="recovery-codes-title">{t('secondFactor.codesTitle')}</h3>
      <p>{t('secondFactor.codesLead')}</p>
      <ul className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {t('secondFactor.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('secondFactor.download')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('secondFactor.saved')}
        </Button>
      </div>
      <p role="status">{copied ? t('secondFactor.copied') : ''}</p>
    </section>
  );
}
