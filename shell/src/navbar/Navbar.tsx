import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '@pupitre/api-client';
import { useSession } from '@pupitre/session';
import { useRemoteRoutes } from '../remote-routes';
import styles from '../shell.module.css';
import { navLinkItems, type NavLinkItem } from './nav-links';
import { useNavScroll } from './useNavScroll';

export const HOME_ANCHOR = 'Home-Presentation-Container';

function AccountIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** On / the logo scrolls smoothly to the top; elsewhere it links to /#Home-Presentation-Container. */
function Logo() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onHome) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Link to={onHome ? '/' : `/#${HOME_ANCHOR}`} className={styles.logo} aria-label={t('nav.home')} onClick={onClick} data-testid="logo">
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false" className={styles.logoMark}>
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path d="M16 6.8l2.6 5.3 5.8.8-4.2 4.1 1 5.8L16 20l-5.2 2.8 1-5.8-4.2-4.1 5.8-.8z" fill="#ffd166" />
      </svg>
      {t('brand')}
    </Link>
  );
}

/** Closes a popup menu on Escape and on a click outside `ref`. */
function useDismiss(open: boolean, close: () => void, ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onClick = (event: globalThis.MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open, close, ref]);
}

/** A menu's open state that closes by itself on navigation (it belongs to the path it opened on). */
function useMenuState(): [boolean, (next: boolean | ((open: boolean) => boolean)) => void] {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((open: boolean) => boolean)) =>
    setOpenOn((typeof next === 'function' ? next(open) : next) ? pathname : null);
  return [open, setOpen];
}

/**
 * The remotes' links this visitor sees (their manifests' `pupitre.nav`): none until the route table
 * is known, none from a remote whose manifest could not be read.
 */
function useRemoteNavLinks(): NavLinkItem[] {
  const remotes = useRemoteRoutes();
  const session = useSession();
  const { i18n } = useTranslation('common');
  return remotes.status === 'ready' ? navLinkItems(remotes.table.nav, session, i18n.language) : [];
}

function useLogout() {
  const navigate = useNavigate();
  return () => void logout((path) => void navigate(path));
}

/** The signed-in account entries (profile, settings, Logout), shared by both navbars. */
function SignedInLinks() {
  const { t } = useTranslation('common');
  const doLogout = useLogout();
  return (
    <>
      <li>
        <Link to="/me">{t('nav.profile')}</Link>
      </li>
      <li>
        <Link to="/settings">{t('nav.settings')}</Link>
      </li>
      <li>
        <button type="button" onClick={doLogout}>
          {t('nav.logout')}
        </button>
      </li>
    </>
  );
}

function AccountMenu() {
  const { t } = useTranslation('common');
  const { email } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [open, setOpen] = useMenuState();
  useDismiss(open, () => setOpen(false), ref);
  if (!email) {
    return (
      <Link to="/auth" className={styles.accountIcon} aria-label={t('nav.account')} title={t('nav.account')}>
        <AccountIcon />
      </Link>
    );
  }
  return (
    <div className={styles.account} ref={ref}>
      <button
        type="button"
        className={styles.accountIcon}
        aria-label={t('nav.accountMenu')}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="account-button"
      >
        <AccountIcon />
      </button>
      {open ? (
        <ul className={styles.dropdown} id={menuId} data-testid="account-menu">
          <SignedInLinks />
        </ul>
      ) : null}
    </div>
  );
}

function WideNav() {
  const { t } = useTranslation('common');
  const { collapsed, hidden } = useNavScroll();
  const links = useRemoteNavLinks();
  return (
    <nav
      className={`${styles.nav} ${styles.wideOnly} ${collapsed ? styles.navCollapsed : ''} ${hidden ? styles.navHidden : ''}`}
      aria-label={t('nav.label')}
      data-testid="navbar"
      data-collapsed={collapsed}
      data-hidden={hidden}
    >
      <Logo />
      {/* The remotes' links in a list of their own, inserted whole when the route table is in: the
          account entry's list, at the right edge from the first paint, never moves (no layout shift). */}
      {links.length > 0 ? (
        <ul className={styles.links} data-testid="navbar-links">
          {links.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path} className={link.style === 'button' ? `pp-button ${styles.navCta}` : styles.navLink} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className={styles.links}>
        <li>
          <AccountMenu />
        </li>
      </ul>
    </nav>
  );
}

/** Narrow screens: the logo and a menu button opening the same destinations. */
function CompactNav() {
  const { t } = useTranslation('common');
  const { email } = useSession();
  const ref = useRef<HTMLElement>(null);
  const menuId = useId();
  const [open, setOpen] = useMenuState();
  const links = useRemoteNavLinks();
  useDismiss(open, () => setOpen(false), ref);
  return (
    <nav
      className={`${styles.nav} ${styles.compact} ${styles.compactOnly}`}
      aria-label={t('nav.label')}
      data-testid="navbar-compact"
      ref={ref}
    >
      <Logo />
      <button type="button" className={styles.menuButton} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('nav.menu')}
      </button>
      {open ? (
        <ul className={styles.compactMenu} id={menuId}>
          {links.map((link) => (
            <li key={link.path}>
              <NavLink to={link.path} end>
                {link.label}
              </NavLink>
            </li>
          ))}
          {email ? (
            <SignedInLinks />
          ) : (
            <li>
              <Link to="/auth">{t('nav.account')}</Link>
            </li>
          )}
        </ul>
      ) : null}
    </nav>
  );
}

/**
 * Both bars, the width showing one (CSS): the same HTML on the server, which cannot know the screen,
 * and in the browser, so a server-rendered page is taken over without a change.
 */
export function Navbar() {
  return (
    <header className={styles.header}>
      <WideNav />
      <CompactNav />
    </header>
  );
}
