import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from './Screen';

export function ReviewEditPage() {
  const { t } = useTranslation('review');
  return (
    <Screen title={t('edit.title')}>
      <h1>{t('edit.title')}</h1>
      <p>{t('edit.lead')}</p>
      <Link to="/me/reviews">{t('edit.back')}</Link>
    </Screen>
  );
}
