import type { ReviewUiCatalogue } from './en';

const fr: ReviewUiCatalogue = {
  stars: '{{value}} étoiles sur 5',
  noRating: 'Pas encore noté',
  relatable: {
    label: '{{percent}} % s’y reconnaissent',
    count_one: '{{count}} vote',
    count_other: '{{count}} votes',
  },
  card: {
    label: 'Avis sur {{teacher}}',
    noComment: 'Pas de commentaire.',
    subject: 'Matière',
    year: 'Classe',
  },
  vote: {
    like: 'Je m’y reconnais',
    dislike: 'Je ne m’y reconnais pas',
    group: 'Vous reconnaissez-vous dans cet avis ?',
  },
  favourite: {
    add: 'Ajouter à mes favoris',
    remove: 'Retirer de mes favoris',
  },
  report: {
    open: 'Signaler cet avis',
    title: 'Signaler un avis',
    label: 'Quel est le problème avec cet avis ?',
    counter: '{{count}} / {{max}} caractères',
    send: 'Envoyer le signalement',
    close: 'Fermer',
    notify: 'Me prévenir par e-mail de la décision des modérateurs',
    sent: 'Merci, l’avis a été signalé.',
    failed: 'Le signalement n’a pas pu être envoyé.',
  },
  search: {
    label: 'Rechercher un professeur',
    placeholder: 'Nom du professeur',
    hint: 'Saisissez au moins 2 lettres.',
    searching: 'Recherche...',
    results_one: '{{count}} professeur trouvé',
    results_other: '{{count}} professeurs trouvés',
    none: 'Aucun professeur ne correspond à cette recherche.',
    error: 'Une erreur est survenue lors de la recherche de professeurs.',
    clear: 'Changer de professeur',
    resultsLabel: 'Professeurs trouvés',
  },
};
export default fr;
