import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from './config/runtime-config';
import styles from './shell.module.css';

/** Legal pages, social, mail-contact and donation links (the last three from /config.json). */
export function Footer() {
  const { t } = useTranslation('common');
  const { socialUrl, contactEmail, donationUrl } = useRuntimeConfig();
  return (
    <footer className={styles.footer} data-testid="footer">
      <nav aria-label={t('footer.label')}>
        <ul className={styles.footerLinks}>
          <li>
            <Link to="/conditions-service">{t('footer.terms')}</Link>
          </li>
          <li>
            <Link to="/politique-des-cookies">{t('footer.cookies')}</Link>
          </li>
          <li>
            <Link to="/politique-de-privacite">{t('footer.privacy')}</Link>
          </li>
          <li>
            <a href={socialUrl} rel="noopener noreferrer" target="_blank">
              {t('footer.social')}
            </a>
          </li>
          <li>
            <a href={`mailto:${contactEmail}`}>{t('footer.contact')}</a>
          </li>
          <li>
            <a href={donationUrl} rel="noopener noreferrer" target="_blank">
              {t('footer.donate')}
            </a>
          </li>
        </ul>
      </nav>
      <p className={styles.footerNote}>
        {t('brand')} · {t('footer.rights')}
      </p>
    </footer>
  );
}
