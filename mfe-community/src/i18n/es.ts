import type { CommunityCatalogue } from './en';

const es: CommunityCatalogue = {
  community: {
    title: 'Comunidad',
    lead: 'Encuentra a un profesor, lee lo que opinan alumnos y padres, y comparte tu propia experiencia.',
    bestTeachers: 'Los profesores mejor valorados',
    seeRanking: 'Ver la clasificación completa',
    noReviews: 'Todavía no se ha publicado ninguna opinión.',
    pause: 'Pausar los carruseles',
    play: 'Reanudar los carruseles',
  },
  ranking: {
    title: 'Clasificación de los mejores profesores',
    lead: 'Profesores ordenados según su nota media sobre 10.',
    empty: 'Todavía no se ha valorado a ningún profesor.',
  },
  teacher: {
    title: 'Profesor',
    rating: 'Nota media: {{rating}} / 10',
    noRating: 'Este profesor aún no tiene opiniones publicadas.',
    reviews_one: '{{count}} opinión',
    reviews_other: '{{count}} opiniones',
    subjects: 'Asignaturas',
    publish: 'Publicar una opinión sobre este profesor',
    reviewsTitle: 'Opiniones',
    noReviews: 'Todavía no hay opiniones publicadas sobre este profesor.',
    invalid: 'La dirección de este profesor no es válida.',
  },
  categories: {
    recent: 'Las más recientes',
    highest: 'Las mejor valoradas',
    lowest: 'Las peor valoradas',
    relevant: 'Las más identificables',
  },
};
export default es;
