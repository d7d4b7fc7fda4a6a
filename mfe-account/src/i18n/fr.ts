import type { AccountCatalogue } from './en';

const fr: AccountCatalogue = {
  auth: {
    title: 'Connexion',
    lead: 'Connectez-vous pour publier des avis, voter et garder vos favoris. La lecture reste ouverte à tous.',
    privacy: 'Vos avis sont anonymes : votre adresse e-mail ne sert qu’à votre compte.',
    privacyLink: 'Lire la politique de confidentialité',
  },
  health: {
    label: 'Service des comptes',
    checking: 'vérification...',
    unreachable: 'injoignable',
  },
  me: { title: 'Mon profil', lead: 'Vos avis, leur note moyenne et à quel point les autres utilisateurs s’y reconnaissent.', reviewsLink: 'Voir mes avis' },
  favorites: { title: 'Mes favoris', lead: 'Les avis que vous avez ajoutés à vos favoris.', communityLink: 'Parcourir la communauté' },
  myReviews: { title: 'Mes avis', lead: 'Les avis que vous avez publiés, chacun avec un lien pour le modifier.', publishLink: 'Publier un avis' },
  settings: {
    title: 'Paramètres',
    language: 'Langue',
    languageLead: 'Choisissez la langue de tout le site ; elle est mémorisée sur cet appareil.',
    email: 'Connecté en tant que {{email}}',
  },
  googleLogin: { title: 'Connexion en cours', lead: 'Veuillez patienter pendant que nous finalisons votre connexion.' },
  activate: { title: 'Activation du compte', lead: 'Nous activons votre compte.', loginLink: 'Aller à la connexion' },
  passwordReset: { title: 'Choisissez un nouveau mot de passe', lead: 'Saisissez deux fois votre nouveau mot de passe pour terminer.', loginLink: 'Retour à la connexion' },
  error: {
    load: "Les informations n'ont pas pu être chargées.",
    retry: 'Réessayer',
  },
};
export default fr;
