import type { CommunityCatalogue } from './en';

const fr: CommunityCatalogue = {
  community: {
    title: 'Communauté',
    lead: "Trouvez un professeur, lisez ce qu'en pensent élèves et parents, et partagez votre propre expérience.",
    bestTeachers: 'Les professeurs les mieux notés',
    seeRanking: 'Voir le classement complet',
    noReviews: "Aucun avis n'a encore été publié.",
    pause: 'Mettre les carrousels en pause',
    play: 'Relancer les carrousels',
  },
  ranking: {
    title: 'Classement des meilleurs professeurs',
    lead: 'Professeurs classés selon leur note moyenne sur 10.',
    empty: "Aucun professeur n'a encore été noté.",
  },
  teacher: {
    title: 'Professeur',
    rating: 'Note moyenne : {{rating}} / 10',
    noRating: "Ce professeur n'a encore aucun avis publié.",
    reviews_one: '{{count}} avis',
    reviews_other: '{{count}} avis',
    subjects: 'Matières',
    publish: 'Publier un avis sur ce professeur',
    reviewsTitle: 'Avis',
    noReviews: "Aucun avis publié sur ce professeur pour l'instant.",
    invalid: "L'adresse de ce professeur n'est pas valide.",
  },
  categories: {
    recent: 'Les plus récents',
    highest: 'Les mieux notés',
    lowest: 'Les moins bien notés',
    relevant: 'Les plus pertinents',
  },
};
export default fr;
