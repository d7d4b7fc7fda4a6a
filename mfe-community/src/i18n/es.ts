import type { CommunityCatalogue } from './en';

const es: CommunityCatalogue = {
  community: {
    title: 'Comunidad',
    lead: 'Encuentra a un profesor, lee lo que opinan alumnos y padres, y comparte tu propia experiencia.',
    bestTeachers: 'Los profesores mejor valorados',
    seeRanking: 'Ver la clasificación completa',
  },
  ranking: {
    title: 'Clasificación de los mejores profesores',
    lead: 'Profesores ordenados según su nota media sobre 10.',
    empty: 'Todavía no se ha valorado a ningún profesor.',
    rating: '{{rating}} sobre 10',
  },
  teacher: {
    title: 'Profesor',
    rating: 'Nota media: {{rating}} / 10',
    noRating: 'Este profesor aún no tiene opiniones publicadas.',
    reviews_one: '{{count}} opinión',
    reviews_other: '{{count}} opiniones',
    subjects: 'Asignaturas',
    publish: 'Publicar una opinión sobre este profesor',
    invalid: 'La dirección de este profesor no es válida.',
  },
  error: {
    load: 'No se pudo cargar la información.',
    retry: 'Reintentar',
  },
};
export default es;
