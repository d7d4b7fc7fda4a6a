import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from './Screen';

type Page = 'me' | 'favorites' | 'myReviews' | 'googleLogin' | 'activate' | 'passwordReset';

function SimplePage({ page, link }: { page: Page; link?: { to: string; label: string } }) {
  const { t } = useTranslation('account');
  return (
    <Screen title={t(`${page}.title`)}>
      <h1>{t(`${page}.title`)}</h1>
      <p>{t(`${page}.lead`)}</p>
      {link ? <Link to={link.to}>{t(link.label)}</Link> : null}
    </Screen>
  );
}

export const ProfilePage = () => <SimplePage page="me" link={{ to: '/me/reviews', label: 'me.reviewsLink' }} />;
export const FavoritesPage = () => <SimplePage page="favorites" link={{ to: '/communaute', label: 'favorites.communityLink' }} />;
export const MyReviewsPage = () => <SimplePage page="myReviews" link={{ to: '/publication', label: 'myReviews.publishLink' }} />;
export const GoogleLoginPage = () => <SimplePage page="googleLogin" />;
export const ActivatePage = () => <SimplePage page="activate" link={{ to: '/auth?form=login', label: 'activate.loginLink' }} />;
export const PasswordResetConfirmPage = () => <SimplePage page="passwordReset" link={{ to: '/auth?form=login', label: 'passwordReset.loginLink' }} />;
