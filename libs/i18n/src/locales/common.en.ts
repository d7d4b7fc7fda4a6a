// English strings of the `common` namespace (the shell and the shared libraries).
const en = {
  brand: 'Pupitre',
  nav: {
    label: 'Main navigation',
    home: 'Pupitre, home',
    community: 'Community',
    publish: 'Publish',
    account: 'Sign in',
    profile: 'My profile',
    language: 'Language',
  },
  footer: {
    label: 'Legal information',
    terms: 'Terms of service',
    cookies: 'Cookie policy',
    privacy: 'Privacy policy',
    contact: 'Contact us',
    rights: 'Anonymous teacher reviews, free of charge.',
  },
  home: {
    title: 'Teachers, reviewed by their school community',
    lead: 'Students and parents share anonymous, multi-criteria reviews of their teachers. Reading is open to everyone; signing in lets you publish.',
    ctaCommunity: 'Browse the community',
    ctaPublish: 'Publish a review',
    ctaAuth: 'Sign in or register',
  },
  legal: {
    terms: {
      title: 'Terms of service',
      body: 'Reviews must contain no insult, threat or inappropriate behaviour. Accounts may be suspended or closed at the provider\u2019s discretion.',
    },
    cookies: {
      title: 'Cookie policy',
      body: 'Pupitre keeps your session and your language in your browser\u2019s local storage and sets no advertising cookies.',
    },
    privacy: {
      title: 'Privacy policy',
      body: 'Reviews are anonymous. Your e-mail address is kept only to run your account and to prevent multiple accounts.',
    },
  },
  admin: {
    redirecting: 'Redirecting to the administrator page...',
  },
  notFound: {
    title: 'Page not found',
    body: 'The accessed page does not exist.',
    back: 'Back to home',
  },
  remote: {
    loading: 'Loading...',
    unavailable: 'This section is unavailable right now.',
    retry: 'Try again',
  },
  error: {
    '404': 'The accessed page does not exist.',
    fatal: 'An unknown error occurred. Please try again.',
    collision: 'You have already created similar content.',
    dismiss: 'Dismiss',
  },
  title: {
    home: 'Home',
    terms: 'Terms of service',
    cookies: 'Cookie policy',
    privacy: 'Privacy policy',
    admin: 'Administration',
    notFound: 'Page not found',
    community: 'Community',
    teacher: 'Teacher',
    ranking: 'Ranking',
    publication: 'Publish a review',
    publicationComplete: 'Review published',
    reviewEdit: 'Edit a review',
    auth: 'Sign in',
    me: 'My profile',
    favorites: 'My favourites',
    myReviews: 'My reviews',
    settings: 'Settings',
    googleLogin: 'Signing in',
    activate: 'Account activation',
    passwordReset: 'New password',
  },
};

export default en;
export type CommonCatalogue = typeof en;
