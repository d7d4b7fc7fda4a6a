import { useTranslation } from 'react-i18next';
import { Panel, usePageTitle } from '@pupitre/ui';

function LegalPage({ page }: { page: 'terms' | 'cookies' | 'privacy' }) {
  const { t } = useTranslation('common');
  usePageTitle(t(`title.${page}`));
  return (
    <Panel title={t(`legal.${page}.title`)} level={1} data-testid={`legal-${page}`}>
      <p>{t(`legal.${page}.body`)}</p>
    </Panel>
  );
}

export const TermsPage = () => <LegalPage page="terms" />;
export const CookiesPage = () => <LegalPage page="cookies" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
