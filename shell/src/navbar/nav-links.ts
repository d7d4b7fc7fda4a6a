// The navbar's links to the remotes' pages come from the remotes' manifests (`pupitre.nav`, through
// the route table, ./remote-routes.tsx): each remote declares its links, their labels in every
// language, their order and who sees them. The shell keeps its own (logo, account menu) and
// compiles no remote's link.
import { accessTokenRoles, canModerate, type InEachLanguage, type NavAudience, type NavStyle } from '@pupitre/contracts';
import { type RemoteNavEntry } from '@pupitre/mf-runtime';
import { type Session } from '@pupitre/session';

export interface NavLinkItem {
  path: string;
  label: string;
  style: NavStyle;
}

/** Whether a visitor with this session sees a link meant for `audience`. */
export function seesLink(audience: NavAudience, session: Pick<Session, 'email' | 'access'>): boolean {
  const signedIn = Boolean(session.email);
  switch (audience) {
    case 'everyone':
      return true;
    case 'signed-in':
      return signedIn;
    case 'signed-out':
      return !signedIn;
    case 'staff':
      return signedIn && canModerate(accessTokenRoles(session.access));
  }
}

const labelIn = (label: InEachLanguage, language: string): string => label[language as keyof InEachLanguage] ?? label.fr;

/** The links this visitor sees, in the table's order, labelled in the page's language. */
export function navLinkItems(nav: readonly RemoteNavEntry[], session: Pick<Session, 'email' | 'access'>, language: string): NavLinkItem[] {
  return nav
    .filter((link) => seesLink(link.audience, session))
    .map((link) => ({ path: link.path, label: labelIn(link.label, language), style: link.style ?? 'link' }));
}
