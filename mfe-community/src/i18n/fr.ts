import type { CommunityCatalogue } from './en';

const fr: CommunityCatalogue = {
  community: {
    title: 'Communauté',
    lead: "Trouvez un professeur, lisez ce qu'en pensent élèves et parents, et partagez votre propre expérience.",
    bestTeachers: 'Les professeurs les mieux notés',
    seeRanking: 'Voir le classement complet',
  },
  ranking: {
    title: 'Classement des meilleurs professeurs',
    lead: 'Professeurs classés selon leur note moyenne sur 10.',
    empty: "Aucun professeur n'a encore été noté.",
    rating: '{{rating}} sur 10',
  },
  teacher: {
    title: 'Professeur',
    rating: 'Note moyenne : {{rating}} / 10',
    noRating: "Ce professeur n'a encore aucun avis publié.",
    reviews_one: '{{count}} avis',
    reviews_other: '{{count}} avis',
    subjects: 'Matières',
    publish: 'Publier un avis sur ce professeur',
    invalid: "L'adresse de ce professeur n'est pas valide.",
  },
  error: {
    load: "Les informations n'ont pas pu être chargées.",
    retry: 'Réessayer',
  },
};
export default fr;
