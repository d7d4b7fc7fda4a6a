import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loading, usePageTitle } from '@pupitre/ui';
import { Footer } from './Footer';
import { Navbar } from './navbar/Navbar';
import { Notifications } from './notifications';
import { PageErrorBoundary } from './pages/ErrorScreens';
import { MaintenanceBanner } from './pages/MaintenanceBanner';
import { OfflineBanner } from './pages/OfflineBanner';
import { useRemoteRoutes } from './remote-routes';
import { footerShown, pageTitle } from './route-table';
import './layout-reserve.css';
import styles from './shell.module.css';

/** The layout shared by every route: navbar, banners, the page, footer (not on /auth and /admin), popups. */
export function Layout() {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const remotes = useRemoteRoutes();
  usePageTitle(pageTitle(pathname, remotes, i18n.language, t));
  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        {t('brand')}
      </a>
      <Navbar />
      <OfflineBanner />
      <MaintenanceBanner />
      <main className={styles.main} id="main">
        <PageErrorBoundary key={pathname}>
          {/* The shell's rarely visited pages (legal, admin) load on demand. */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {footerShown(pathname, remotes) ? <Footer /> : null}
      <Notifications />
    </div>
  );
}
