import type { CommunityCatalogue } from './en';

const es: CommunityCatalogue = {
  community: {
    title: 'Comunidad',
    lead: 'Encuentra a un profesor, lee lo que opinan alumnos y padres, y comparte tu propia experiencia.',
    searchTitle: 'Encontrar a un profesor',
    reviewsTitle: 'Lo que dice la comunidad',
    bestTeachers: 'Los profesores mejor valorados',
    seeRanking: 'Ver la clasificación completa',
    noReviews: 'Todavía no se ha publicado ninguna opinión.',
  },
  ranking: {
    title: 'Clasificación de los mejores profesores',
    lead: 'Los profesores mejor valorados por la comunidad, con suficientes opiniones para juzgar.',
    how: 'Ordenados por puntuación: la nota global media, acercada a la media del colegio mientras un profesor tiene pocas opiniones, para que dos 10 no superen a cuarenta 9.',
    empty: 'Todavía no se ha valorado a ningún profesor.',
  },
  teacher: {
    title: 'Profesor',
    noRating: 'Este profesor aún no tiene opiniones publicadas.',
    subjects: 'Asignaturas',
    publish: 'Opinar sobre este profesor',
    reviewsTitle: 'Opiniones',
    noReviews: 'Todavía no hay opiniones publicadas sobre este profesor.',
    invalid: 'La dirección de este profesor no es válida.',
    spreadTitle: 'Reparto de las notas globales',
    spreadCaption: 'Nota global sobre 10',
    spreadBar_one: '{{rating}}/10: {{count}} opinión',
    spreadBar_other: '{{rating}}/10: {{count}} opiniones',
    criteriaTitle: 'Media por criterio',
    criteriaLead: 'Sobre 10, entre las opiniones que puntuaron cada criterio.',
    notRated: 'Aún sin nota',
    answersTitle: 'Sí o no',
    answersLead: 'Proporción de «sí» entre las respuestas.',
    yesShare: '{{percent}} de sí',
    noAnswer: 'Aún sin respuesta',
    byYearTitle: 'Por curso',
    byYearLead:
      'Opiniones escritas antes de {{month}}, en grupos lo bastante grandes para que ningún curso destaque: un curso con pocas opiniones se cuenta con sus vecinos.',
    byYearValue_one: '{{rating}}/10 · {{count}} opinión',
    byYearValue_other: '{{rating}}/10 · {{count}} opiniones',
    byYearNone: 'Aún no hay opiniones suficientes para mostrar los cursos sin señalar a nadie.',
  },
  categories: {
    recent: 'Las más recientes',
    highest: 'Las mejor valoradas',
    lowest: 'Las peor valoradas',
    relevant: 'Las más identificables',
  },
};
export default es;
