import type { CommunityCatalogue } from './en';

const fr: CommunityCatalogue = {
  community: {
    title: 'Communauté',
    lead: "Trouvez un professeur, lisez ce qu'en pensent élèves et parents, et partagez votre propre expérience.",
    searchTitle: 'Trouver un professeur',
    reviewsTitle: 'Ce que dit la communauté',
    bestTeachers: 'Les professeurs les mieux notés',
    seeRanking: 'Voir le classement complet',
    noReviews: "Aucun avis n'a encore été publié.",
  },
  ranking: {
    title: 'Classement des meilleurs professeurs',
    lead: 'Les professeurs les mieux notés par la communauté, avec assez d’avis pour en juger.',
    how: 'Classés par score : la moyenne des notes globales, tirée vers la moyenne de l’école tant qu’un professeur a peu d’avis, pour que deux 10 ne passent pas devant quarante 9.',
    empty: "Aucun professeur n'a encore été noté.",
  },
  teacher: {
    title: 'Professeur',
    noRating: "Ce professeur n'a encore aucun avis publié.",
    subjects: 'Matières',
    publish: 'Donner mon avis sur ce professeur',
    reviewsTitle: 'Avis',
    noReviews: "Aucun avis publié sur ce professeur pour l'instant.",
    invalid: "L'adresse de ce professeur n'est pas valide.",
    spreadTitle: 'Répartition des notes globales',
    spreadCaption: 'Note globale sur 10',
    spreadBar_one: '{{rating}}/10 : {{count}} avis',
    spreadBar_other: '{{rating}}/10 : {{count}} avis',
    criteriaTitle: 'Moyenne par critère',
    criteriaLead: 'Sur 10, parmi les avis qui ont noté chaque critère.',
    notRated: 'Pas encore noté',
    answersTitle: 'Oui ou non',
    answersLead: 'Part de « oui » parmi les réponses.',
    yesShare: '{{percent}} de oui',
    noAnswer: 'Pas encore de réponse',
    byYearTitle: 'Par classe',
    byYearLead:
      'Avis écrits avant {{month}}, en groupes assez grands pour qu’aucune classe ne ressorte : une classe avec peu d’avis est comptée avec ses voisines.',
    byYearValue_one: '{{rating}}/10 · {{count}} avis',
    byYearValue_other: '{{rating}}/10 · {{count}} avis',
    byYearNone: 'Pas encore assez d’avis pour montrer les classes sans désigner personne.',
  },
  categories: {
    recent: 'Les plus récents',
    highest: 'Les mieux notés',
    lowest: 'Les moins bien notés',
    relevant: 'Les plus pertinents',
  },
};
export default fr;
