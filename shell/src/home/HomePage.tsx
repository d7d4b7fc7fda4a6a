import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@pupitre/session';
import { usePageTitle, whenIdle } from '@pupitre/ui';
import { HOME_ANCHOR } from '../navbar/Navbar';
import styles from '../shell.module.css';
import { Faq } from './Faq';
import { PromoVideo } from './PromoVideo';

// The carousel is a chunk of its own, fetched once the page has loaded and the browser is
// idle, and only when its section nears the viewport: it never competes with the first paint.
const LastReviews = lazy(() => import(/* webpackChunkName: "home-last-reviews" */ './LastReviews'));

/** True once the page has loaded, the browser is idle and the element is near the viewport. */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  useEffect(() => {
    if (near || !idle) return;
    if (typeof IntersectionObserver === 'undefined' || !ref.current) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, idle]);
  return [ref, near];
}

export function HomePage() {
  const { t } = useTranslation('common');
  const { hash } = useLocation();
  usePageTitle(t('title.home'));
  const { email } = useSession();
  const [reviewsRef, showReviews] = useNearViewport<HTMLElement>();

  useEffect(() => {
    if (hash === `#${HOME_ANCHOR}`) document.getElementById(HOME_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);

  return (
    <div data-testid="home">
      <section className={styles.hero} id={HOME_ANCHOR} aria-labelledby="home-title">
        <div className={styles.heroText}>
          <h1 id="home-title">{t('home.title')}</h1>
          <p className={styles.heroLead}>{t('home.lead')}</p>
          <p className={styles.actions}>
            {/* Signed in, the first thing to do is publish; signed out, sign in or register. */}
            {email ? (
              <Link to="/publication" className="pp-button" data-testid="home-cta">
                {t('home.ctaPublish')}
              </Link>
            ) : (
              <Link to="/auth" className="pp-button" data-testid="home-cta">
                {t('home.cta')}
              </Link>
            )}
            <Link to="/communaute" className="pp-button pp-button--secondary">
              {t('home.ctaRead')}
            </Link>
          </p>
        </div>
        <PromoVideo />
      </section>
      <section className={styles.section} aria-labelledby="home-last-reviews" ref={reviewsRef}>
        <h2 id="home-last-reviews">{t('home.lastReviews')}</h2>
        <div className={styles.carouselSlot}>
          {showReviews ? (
            <Suspense fallback={null}>
              <LastReviews />
            </Suspense>
          ) : (
            // Without JavaScript (the server's page as it is), the carousel never comes: where to read them.
            <noscript>
              <p>
                <a href="/communaute">{t('home.lastReviewsNoScript')}</a>
              </p>
            </noscript>
          )}
        </div>
      </section>
      <Faq />
    </div>
  );
}
