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
import { FOOTERLESS_PATHS, titleKeyFor } from './route-table';
import './layout-reserve.css';
import styles from './shell.module.css';

function isFooterless(pathname: string): boolean {
  return FOOTERLESS_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The layout shared by every route: navbar, banners, the page, footer (not on /auth and /admin), popups. */
export function Layout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  usePageTitle(t(titleKeyFor(pathname)));
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
      {isFooterless(pathname) ? null : <Footer />}
      <Notifications />
    </div>
  );
}
