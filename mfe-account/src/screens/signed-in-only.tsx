import { type ComponentType, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getSession } from '@pupitre/session';
import { isScreenLoaded, preloadScreen } from '@pupitre/ui';

/** The sign-in page, coming back to `pathname` once signed in. */
export const signInThenBackTo = (pathname: string) => `/auth?form=login&next=${encodeURIComponent(pathname)}`;

/**
 * A page of the user's own data: arriving signed out goes straight to the sign-in page (coming
 * back here after), without asking the API for data it would refuse (a 401 in the console).
 * Signed out while here (logout, another tab), whoever signed out navigates.
 */
export function signedInOnly(Page: ComponentType): ComponentType {
  function SignedInOnly() {
    const { pathname } = useLocation();
    const [arrivedSignedIn] = useState(() => Boolean(getSession().email));
    if (!arrivedSignedIn) return <Navigate to={signInThenBackTo(pathname)} replace />;
    return <Page />;
  }
  SignedInOnly.displayName = `SignedInOnly(${Page.displayName ?? (Page.name || 'screen')})`;
  // A lazy page (lazyScreen) is loaded through its wrapper too.
  return Object.assign(SignedInOnly, { preload: () => preloadScreen(Page), loaded: () => isScreenLoaded(Page) });
}
