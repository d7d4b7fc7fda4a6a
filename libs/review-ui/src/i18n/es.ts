import type { ReviewUiCatalogue } from './en';

const es: ReviewUiCatalogue = {
  stars: '{{value}} de 5 estrellas',
  noRating: 'Sin nota todavía',
  relatable: {
    label: 'Al {{percent}} % le resulta familiar',
    count_one: '{{count}} voto',
    count_other: '{{count}} votos',
  },
  card: {
    label: 'Opinión sobre {{teacher}}',
    noComment: 'Sin comentario.',
    subject: 'Asignatura',
    year: 'Curso',
  },
  vote: {
    like: 'Me identifico',
    dislike: 'No me identifico',
    group: '¿Te identificas con esta opinión?',
  },
  favourite: {
    add: 'Añadir a mis favoritos',
    remove: 'Quitar de mis favoritos',
  },
  report: {
    open: 'Denunciar esta opinión',
    title: 'Denunciar una opinión',
    label: '¿Qué problema tiene esta opinión?',
    counter: '{{count}} / {{max}} caracteres',
    send: 'Enviar la denuncia',
    close: 'Cerrar',
    notify: 'Avisarme por correo de la decisión de los moderadores',
    sent: 'Gracias, la opinión ha sido denunciada.',
    failed: 'No se pudo enviar la denuncia.',
  },
  search: {
    label: 'Buscar un profesor',
    placeholder: 'Nombre del profesor',
    hint: 'Escribe al menos 2 letras.',
    searching: 'Buscando...',
    results_one: '{{count}} profesor encontrado',
    results_other: '{{count}} profesores encontrados',
    none: 'Ningún profesor corresponde a esta búsqueda.',
    error: 'Se produjo un error al buscar profesores.',
    clear: 'Cambiar de profesor',
    resultsLabel: 'Profesores encontrados',
  },
};
export default es;
