import type { ReviewCatalogue } from './en';

const fr: ReviewCatalogue = {
  publication: {
    title: 'Publier un avis',
    lead: 'Évaluez un professeur sur plusieurs critères, anonymement. Votre avis devient visible environ 10 minutes après sa publication, une fois vérifié.',
    subjects: 'Matières',
    noSubjects: "Aucune matière n'est encore disponible.",
  },
  complete: {
    title: 'Merci pour votre avis !',
    lead: 'Il sera visible de tous dans environ 10 minutes, une fois vérifié.',
    homeTitle: 'Accueil',
    home: "Retour à l'accueil",
    anotherTitle: 'Un autre professeur ?',
    another: 'Publier un autre avis',
  },
  edit: {
    title: 'Modifier votre avis',
    lead: 'Modifiez vos notes ou votre commentaire ; la nouvelle version est vérifiée à nouveau avant publication.',
    back: 'Retour à mes avis',
  },
  error: {
    load: "Les informations n'ont pas pu être chargées.",
    retry: 'Réessayer',
  },
};
export default fr;
