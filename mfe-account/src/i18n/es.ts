import type { AccountCatalogue } from './en';

const es: AccountCatalogue = {
  auth: {
    title: 'Iniciar sesión',
    lead: 'Inicia sesión para publicar opiniones, votar y guardar tus favoritos. Cualquiera puede seguir leyendo.',
    privacy: 'Tus opiniones son anónimas: tu correo electrónico solo se usa para tu cuenta.',
    privacyLink: 'Leer la política de privacidad',
  },
  health: {
    label: 'Servicio de cuentas',
    checking: 'comprobando...',
    unreachable: 'inaccesible',
  },
  me: { title: 'Mi perfil', lead: 'Tus opiniones, su nota media y cuánto se identifican con ellas otros usuarios.', reviewsLink: 'Ver mis opiniones' },
  favorites: { title: 'Mis favoritos', lead: 'Las opiniones que has marcado como favoritas.', communityLink: 'Explorar la comunidad' },
  myReviews: { title: 'Mis opiniones', lead: 'Las opiniones que has publicado, cada una con un enlace para editarla.', publishLink: 'Publicar una opinión' },
  settings: {
    title: 'Ajustes',
    language: 'Idioma',
    languageLead: 'Elige el idioma de todo el sitio; se recuerda en este dispositivo.',
    email: 'Sesión iniciada como {{email}}',
  },
  googleLogin: { title: 'Iniciando sesión', lead: 'Espera mientras terminamos de iniciar tu sesión.' },
  activate: { title: 'Activación de la cuenta', lead: 'Estamos activando tu cuenta.', loginLink: 'Ir a iniciar sesión' },
  passwordReset: { title: 'Elige una nueva contraseña', lead: 'Escribe dos veces tu nueva contraseña para terminar.', loginLink: 'Volver a iniciar sesión' },
  error: {
    load: 'No se pudo cargar la información.',
    retry: 'Reintentar',
  },
};
export default es;
