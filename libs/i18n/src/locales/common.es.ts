// Cadenas en español del espacio de nombres `common` (el shell y las bibliotecas compartidas).
import type { CommonCatalogue } from './common.en';

const es: CommonCatalogue = {
  brand: 'Pupitre',
  nav: {
    label: 'Navegación principal',
    home: 'Pupitre, inicio',
    community: 'Comunidad',
    publish: 'Publicar',
    account: 'Iniciar sesión',
    profile: 'Mi perfil',
    language: 'Idioma',
  },
  footer: {
    label: 'Información legal',
    terms: 'Condiciones de uso',
    cookies: 'Política de cookies',
    privacy: 'Política de privacidad',
    contact: 'Contáctanos',
    rights: 'Opiniones anónimas sobre profesores, gratis.',
  },
  home: {
    title: 'Los profesores, evaluados por su comunidad escolar',
    lead: 'Alumnos y padres comparten opiniones anónimas y detalladas sobre sus profesores. Cualquiera puede leerlas; al iniciar sesión puedes publicar.',
    ctaCommunity: 'Explorar la comunidad',
    ctaPublish: 'Publicar una opinión',
    ctaAuth: 'Iniciar sesión o registrarse',
  },
  legal: {
    terms: {
      title: 'Condiciones de uso',
      body: 'Las opiniones no deben contener insultos, amenazas ni comportamientos inapropiados. Las cuentas pueden suspenderse o cerrarse a discreción del proveedor.',
    },
    cookies: {
      title: 'Política de cookies',
      body: 'Pupitre guarda tu sesión y tu idioma en el almacenamiento local de tu navegador y no usa cookies publicitarias.',
    },
    privacy: {
      title: 'Política de privacidad',
      body: 'Las opiniones son anónimas. Tu correo electrónico solo sirve para gestionar tu cuenta y evitar cuentas múltiples.',
    },
  },
  admin: {
    redirecting: 'Redirigiendo a la página de administrador...',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'La página solicitada no existe.',
    back: 'Volver al inicio',
  },
  remote: {
    loading: 'Cargando...',
    unavailable: 'Esta sección no está disponible en este momento.',
    retry: 'Reintentar',
  },
  error: {
    '404': 'La página solicitada no existe.',
    fatal: 'Se produjo un error desconocido. Inténtalo de nuevo.',
    collision: 'Ya has creado un contenido similar.',
    dismiss: 'Cerrar',
  },
  title: {
    home: 'Inicio',
    terms: 'Condiciones de uso',
    cookies: 'Política de cookies',
    privacy: 'Política de privacidad',
    admin: 'Administración',
    notFound: 'Página no encontrada',
    community: 'Comunidad',
    teacher: 'Profesor',
    ranking: 'Clasificación',
    publication: 'Publicar una opinión',
    publicationComplete: 'Opinión publicada',
    reviewEdit: 'Editar una opinión',
    auth: 'Iniciar sesión',
    me: 'Mi perfil',
    favorites: 'Mis favoritos',
    myReviews: 'Mis opiniones',
    settings: 'Ajustes',
    googleLogin: 'Iniciando sesión',
    activate: 'Activación de la cuenta',
    passwordReset: 'Nueva contraseña',
  },
};

export default es;
