import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@pupitre/session';
import { LanguageSelect } from '@pupitre/ui';
import { Notifications } from './notifications';
import { FOOTERLESS_PATHS } from './route-table';
import styles from './shell.module.css';

function isFooterless(pathname: string): boolean {
  return FOOTERLESS_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The layout shared by every route: navbar, the page, footer (not on /auth and /admin). */
export function Layout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = Boolean(session.email);
  return (
    <div className={styles.app}>
      <header className={styles.header}>
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <Link to="/" className={styles.logo} aria-label={t('nav.home')}>
            {t('brand')}
          </Link>
          <ul className={styles.links}>
            <li>
              <NavLink to="/communaute" className={styles.navLink}>
                {t('nav.community')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/publication" className={styles.navLink} end>
                {t('nav.publish')}
              </NavLink>
            </li>
            <li>
              {signedIn ? (
                <NavLink to="/me" className={styles.navLink} end>
                  {t('nav.profile')}
                </NavLink>
              ) : (
                <NavLink to="/auth" className={styles.navLink}>
                  {t('nav.account')}
                </NavLink>
              )}
            </li>
          </ul>
          <LanguageSelect />
        </nav>
      </header>
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      {isFooterless(pathname) ? null : (
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
            </ul>
          </nav>
          <p className={styles.footerNote}>
            {t('brand')} · {t('footer.rights')}
          </p>
        </footer>
      )}
      <Notifications />
    </div>
  );
}
