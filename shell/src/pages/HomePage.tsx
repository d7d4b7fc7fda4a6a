import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@pupitre/ui';
import styles from '../shell.module.css';

export function HomePage() {
  const { t } = useTranslation('common');
  usePageTitle(t('title.home'));
  return (
    <section className={styles.hero} id="Home-Presentation-Container" data-testid="home">
      <h1>{t('home.title')}</h1>
      <p>{t('home.lead')}</p>
      <p className={styles.actions}>
        <Link to="/communaute" className="pp-button">
          {t('home.ctaCommunity')}
        </Link>
        <Link to="/publication" className="pp-button pp-button--secondary">
          {t('home.ctaPublish')}
        </Link>
        <Link to="/auth" className="pp-button pp-button--secondary">
          {t('home.ctaAuth')}
        </Link>
      </p>
    </section>
  );
}
