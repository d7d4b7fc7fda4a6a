import type { ReviewCatalogue } from './en';

const es: ReviewCatalogue = {
  publication: {
    title: 'Publicar una opinión',
    lead: 'Valora a un profesor según varios criterios, de forma anónima. Tu opinión será visible unos 10 minutos después de publicarla, una vez revisada.',
    subjects: 'Asignaturas',
    noSubjects: 'Todavía no hay asignaturas disponibles.',
  },
  complete: {
    title: '¡Gracias por tu opinión!',
    lead: 'Será visible para todos en unos 10 minutos, una vez revisada.',
    homeTitle: 'Inicio',
    home: 'Volver al inicio',
    anotherTitle: '¿Otro profesor?',
    another: 'Publicar otra opinión',
  },
  edit: {
    title: 'Editar tu opinión',
    lead: 'Cambia tus notas o tu comentario; la nueva versión se revisa de nuevo antes de publicarse.',
    back: 'Volver a mis opiniones',
  },
  error: {
    load: 'No se pudo cargar la información.',
    retry: 'Reintentar',
  },
};
export default es;
