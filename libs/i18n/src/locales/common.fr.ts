// Chaînes françaises de l'espace de noms `common` (le shell et les bibliothèques partagées).
import type { CommonCatalogue } from './common.en';

const fr: CommonCatalogue = {
  brand: 'Pupitre',
  nav: {
    label: 'Navigation principale',
    home: 'Pupitre, accueil',
    community: 'Communauté',
    publish: 'Publier',
    account: 'Se connecter',
    profile: 'Mon profil',
    language: 'Langue',
  },
  footer: {
    label: 'Informations légales',
    terms: "Conditions d'utilisation",
    cookies: 'Politique des cookies',
    privacy: 'Politique de confidentialité',
    contact: 'Nous contacter',
    rights: 'Avis anonymes sur les professeurs, gratuitement.',
  },
  home: {
    title: 'Les professeurs, évalués par leur communauté scolaire',
    lead: "Élèves et parents partagent des avis anonymes et détaillés sur leurs professeurs. La lecture est ouverte à tous ; la connexion permet de publier.",
    ctaCommunity: 'Parcourir la communauté',
    ctaPublish: 'Publier un avis',
    ctaAuth: 'Se connecter ou s\u2019inscrire',
  },
  legal: {
    terms: {
      title: "Conditions d'utilisation",
      body: "Les avis ne doivent contenir ni insulte, ni menace, ni comportement inapproprié. Un compte peut être suspendu ou fermé à la discrétion du fournisseur.",
    },
    cookies: {
      title: 'Politique des cookies',
      body: 'Pupitre conserve votre session et votre langue dans le stockage local de votre navigateur et ne dépose aucun cookie publicitaire.',
    },
    privacy: {
      title: 'Politique de confidentialité',
      body: "Les avis sont anonymes. Votre adresse e-mail sert uniquement à gérer votre compte et à empêcher les comptes multiples.",
    },
  },
  admin: {
    redirecting: "Redirection à la page d'administrateur...",
  },
  notFound: {
    title: 'Page introuvable',
    body: "La page demandée n'existe pas.",
    back: "Retour à l'accueil",
  },
  remote: {
    loading: 'Chargement...',
    unavailable: 'Cette section est indisponible pour le moment.',
    retry: 'Réessayer',
  },
  error: {
    '404': "La page demandée n'existe pas.",
    fatal: 'Une erreur inconnue est survenue. Veuillez réessayer.',
    collision: 'Vous avez déjà créé un contenu similaire.',
    dismiss: 'Fermer',
  },
  title: {
    home: 'Accueil',
    terms: "Conditions d'utilisation",
    cookies: 'Politique des cookies',
    privacy: 'Politique de confidentialité',
    admin: 'Administration',
    notFound: 'Page introuvable',
    community: 'Communauté',
    teacher: 'Professeur',
    ranking: 'Classement',
    publication: 'Publier un avis',
    publicationComplete: 'Avis publié',
    reviewEdit: 'Modifier un avis',
    auth: 'Connexion',
    me: 'Mon profil',
    favorites: 'Mes favoris',
    myReviews: 'Mes avis',
    settings: 'Paramètres',
    googleLogin: 'Connexion en cours',
    activate: 'Activation du compte',
    passwordReset: 'Nouveau mot de passe',
  },
};

export default fr;
