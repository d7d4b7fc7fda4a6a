const en = {
  auth: {
    title: 'Sign in',
    lead: 'Sign in to publish reviews, vote and keep your favourites. Reading stays open to everyone.',
    privacy: 'Your reviews are anonymous: your e-mail address is only used for your account.',
    privacyLink: 'Read the privacy policy',
  },
  health: {
    label: 'Account service',
    checking: 'checking...',
    unreachable: 'unreachable',
  },
  me: { title: 'My profile', lead: 'Your reviews, their average rating and how relatable other users find them.', reviewsLink: 'See my reviews' },
  favorites: { title: 'My favourites', lead: 'The reviews you have marked as favourites.', communityLink: 'Browse the community' },
  myReviews: { title: 'My reviews', lead: 'The reviews you have published, with a link to edit each of them.', publishLink: 'Publish a review' },
  settings: {
    title: 'Settings',
    language: 'Language',
    languageLead: 'Choose the language of the whole site; it is remembered on this device.',
    email: 'Signed in as {{email}}',
  },
  googleLogin: { title: 'Signing you in', lead: 'Please wait while we finish signing you in.' },
  activate: { title: 'Account activation', lead: 'We are activating your account.', loginLink: 'Go to sign in' },
  passwordReset: { title: 'Choose a new password', lead: 'Enter your new password twice to finish resetting it.', loginLink: 'Back to sign in' },
  error: {
    load: 'The information could not be loaded.',
    retry: 'Try again',
  },
};
export default en;
export type AccountCatalogue = typeof en;
