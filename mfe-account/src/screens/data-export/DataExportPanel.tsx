import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@pupitre/i18n';
import { Button, Panel } from '@pupitre/ui';
import { accountApi } from '../../api';

/** Saves `text` as the file `name` on the user's device: a Blob behind a temporary `<a download>`. */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file (the click starts it at once).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type State = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'done'; file: string } | { kind: 'failed' } | { kind: 'signed-out' };

/**
 * /settings: "Download my data" (issue #41). Both parts (the account from auth, the rest from rating) through the api
 * client, joined and labelled in the site's language (labelPersonalData), saved as `pupitre-my-data-YYYY-MM-DD.json`.
 */
export function DataExportPanel({ save = saveFile, now = () => new Date() }: { save?: typeof saveFile; now?: () => Date }) {
  const { t, i18n } = useTranslation('account');
  const statusId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const preparing = state.kind === 'preparing';

  const download = async () => {
    setState({ kind: 'preparing' });
    const [account, rating, labels] = await Promise.all([
      accountApi.accountData(),
      accountApi.ratingData(),
      import('./labelled-file').catch(() => null),
    ]);
    if (account.kind === 'unauthorized' || rating.kind === 'unauthorized') return setState({ kind: 'signed-out' });
    if (account.kind !== 'ok' || rating.kind !== 'ok' || !labels) return setState({ kind: 'failed' });
    const lang = i18n.resolvedLanguage ?? i18n.language;
    const at = now();
    const file = labels.personalDataFileName(at);
    try {
      const doc = labels.labelPersonalData(account.data, rating.data, isLanguage(lang) ? lang : 'fr', at);
      save(file, `${JSON.stringify(doc, null, 2)}\n`);
    } catch {
      return setState({ kind: 'failed' });
    }
    setState({ kind: 'done', file });
  };

  const message =
    state.kind === 'preparing'
      ? t('dataExport.preparing')
      : state.kind === 'done'
        ? t('dataExport.done', { file: state.file })
        : state.kind === 'failed'
          ? t('dataExport.failed')
          : state.kind === 'signed-out'
            ? t('dataExport.signedOut')
            : null;
  const alert = state.kind === 'failed' || state.kind === 'signed-out';

  return (
    <Panel title={t('dataExport.title')}>
      <p>{t('dataExport.lead')}</p>
      <Button
        type="button"
        onClick={() => void download()}
        disabled={preparing}
        aria-busy={preparing}
        aria-describedby={statusId}
        data-testid="download-my-data"
      >
        {preparing ? t('dataExport.preparing') : t('dataExport.download')}
      </Button>
      <p id={statusId} role={alert ? 'alert' : 'status'} data-testid="data-export-status">
        {message}
      </p>
    </Panel>
  );
}
