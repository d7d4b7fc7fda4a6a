// Las páginas legales en español (espacio de nombres `legal`, cargado con la página, un fragmento por idioma).
import type { LegalCatalogue } from './en';

const es: LegalCatalogue = {
  updated: 'Última actualización: 28 de noviembre de 2026',
  terms: {
    title: 'Condiciones de uso',
    intro:
      'Estas condiciones regulan el uso de Pupitre, un sitio gratuito donde los alumnos y las familias del centro publican y leen opiniones anónimas sobre los profesores. Al crear una cuenta o publicar una opinión, las aceptas.',
    sections: {
      service: {
        heading: '1. El servicio',
        body: 'La lectura de las opiniones, de las páginas de los profesores y de la clasificación es libre para todos. Publicar, votar, guardar favoritos y denunciar requieren una cuenta activada desde el correo que enviamos. El servicio es gratuito y sin publicidad.',
      },
      accounts: {
        heading: '2. Tu cuenta',
        body: 'Te registras con un correo electrónico y una contraseña, o con una cuenta de Google. Mantienes tu contraseña en secreto y eres responsable de lo que se publica desde tu cuenta. Una persona, una cuenta: el correo se conserva para evitar cuentas múltiples.',
      },
      rules: {
        heading: '3. Normas de los comentarios',
        body: 'Las opiniones y las denuncias deben ser honestas y respetuosas. Está prohibido publicar:\n- insultos, burlas o comentarios degradantes sobre cualquier persona;\n- amenazas, acoso o incitación a la violencia;\n- cualquier comportamiento inapropiado: contenido obsceno, discriminatorio o difamatorio, datos personales (direcciones, teléfonos, vida privada), contenido sin relación con la enseñanza.\n\nUna opinión trata de la enseñanza, no de la persona. Cada opinión pasa por una validación automática (unos diez minutos) antes de ser pública, y otros usuarios pueden denunciarla.',
      },
      moderation: {
        heading: '4. Moderación y suspensión',
        body: 'Podemos retener, rechazar o retirar cualquier opinión contraria a estas normas. Podemos suspender o cerrar cualquier cuenta a nuestra discreción, en particular tras incumplimientos repetidos o graves, sin previo aviso.',
      },
      liability: {
        heading: '5. Responsabilidad',
        body: 'Las opiniones solo comprometen a sus autores. Hacemos lo posible para que el servicio esté disponible y los contenidos sean apropiados, sin poder garantizar un servicio ininterrumpido ni la exactitud de cada opinión.',
      },
      changes: {
        heading: '6. Cambios y contacto',
        body: 'Podemos actualizar estas condiciones; la fecha de arriba indica la última versión. Para cualquier pregunta, escribe a la dirección de contacto al pie de cada página.',
      },
    },
  },
  privacy: {
    title: 'Política de privacidad',
    intro:
      'Las opiniones son anónimas: ninguna página pública indica quién escribió una opinión, ni, junto a una opinión, el curso o una fecha más precisa que el mes (en un colegio pequeño permitirían acotar a su autor). Esta página enumera exactamente lo que conservan nuestros servicios, por qué y durante cuánto tiempo.',
    sections: {
      account: {
        heading: '1. Tu cuenta (servicio de cuentas)',
        body: 'De cada cuenta conservamos:\n- tu correo electrónico, para iniciar sesión, enviarte los correos de activación y de contraseña y evitar cuentas múltiples;\n- un hash de tu contraseña (scrypt, con sal); nunca la contraseña misma; ninguno si solo usas Google;\n- tu idioma (fr, es o en), para nuestros correos;\n- el identificador de sujeto de Google, solo si inicias sesión con Google (de Google solo recibimos tu correo);\n- tus roles (usuario, administrador), si la cuenta está activada, su fecha de creación y la del último inicio de sesión;\n- los registros de tus sesiones: de cada token de actualización, su hash, su familia, su estado, su fecha de caducidad, el día en que se emitió y el tipo de dispositivo en el que empezó la sesión (teléfono, tableta u ordenador, los nombres del navegador y del sistema: nunca tu dirección ni dónde estás); se borran al caducar, y los ves y cierras en los ajustes;\n- hashes cortos de los tipos de dispositivo desde los que iniciaste sesión (los 20 últimos), para avisarte por correo de un inicio de sesión desde uno nuevo;\n- los enlaces de un solo uso de activación (válidos 7 días) y de restablecimiento de contraseña (válidos 3 días), borrados una vez usados o caducados.',
      },
      reviews: {
        heading: '2. Tus opiniones y tu actividad (servicio de opiniones)',
        body: 'Una opinión se guarda con un identificador de autor opaco (un número de cuenta aleatorio, nunca tu correo), el profesor, la asignatura, el curso, las notas, el comentario, las fechas y el estado de moderación. También conservamos, cada uno con ese identificador opaco:\n- tus votos (me identifico o no) sobre las opiniones;\n- tus favoritos;\n- tus denuncias y su texto: una denuncia se conserva hasta que un moderador la resuelve, y después 400 días desde la decisión (las cifras de transparencia cuentan un año de decisiones); luego se borra junto con su vínculo contigo.\n\nEse identificador nos permite mostrarte tus propias opiniones y estadísticas, e impedir opiniones y votos duplicados.\n\nLas decisiones de los moderadores (qué se decidió sobre qué opinión, qué moderador, cuándo y por qué) se conservan 3 años (1095 días), mientras una decisión pueda ser impugnada o pedida, y después se borran; los registros de las consultas de la cola de moderación por los moderadores se conservan 1 año. Cuando eliminas tu cuenta, tus opiniones quedan desvinculadas de ti: una opinión pública se queda, anónima; una que no es pública (rechazada, retirada o retenida) se borra 180 días después del final del mes en que quedó desvinculada, si lleva 180 días sin cambios. Nuestros servidores aplican estos plazos por sí mismos: cada hora borran lo que los ha superado.',
      },
      technical: {
        heading: '3. Datos técnicos',
        body: 'Para proteger el servicio contra abusos, se guardan en memoria (Redis) contadores de los intentos recientes de inicio de sesión, registro y restablecimiento por dirección IP y por correo electrónico, que caducan solos tras unos minutos o una hora. Nuestros servidores escriben registros técnicos (hora, nivel, método de la petición, ruta sin ningún número de opinión, estado y duración) para corregir errores: no contienen contraseña, token, número de opinión ni dirección IP junto a una opinión, y se borran a los 30 días. Nuestra puerta de entrada no guarda ningún registro de accesos. Los números de opinión son aleatorios y no dicen nada de cuándo se escribió una opinión; las opiniones se hacen públicas a horas fijas del día, todas juntas.',
      },
      sharing: {
        heading: '4. Compartir',
        body: 'No vendemos nada ni compartimos nada con terceros. Los correos salen de nuestro propio servidor de correo. Si usas el inicio de sesión con Google, Google sabe que has iniciado sesión en Pupitre.',
      },
      rights: {
        heading: '5. Tus derechos',
        body: 'Ves tus datos desde tu perfil, puedes descargar una copia completa (tu cuenta y tus sesiones, tus opiniones con su curso y sus fechas exactas, tus votos, favoritos y denuncias) en formato JSON desde la página de ajustes («Descargar mis datos»), cambias tu idioma en los ajustes y puedes eliminar tu cuenta en cualquier momento desde la página de ajustes: tu cuenta, tus sesiones, votos, favoritos y denuncias se borran, y tus opiniones quedan desvinculadas de ti para siempre. Para cualquier otra solicitud (acceso, rectificación, oposición), escribe a la dirección de contacto al pie de cada página.',
      },
    },
  },
  cookies: {
    title: 'Política de cookies',
    intro:
      'Pupitre no instala ninguna cookie de publicidad, analítica o seguimiento, ni ningún contenido de terceros que las instale. Las únicas cookies son estrictamente necesarias, para iniciar sesión y para tu idioma (sección 2): no requieren consentimiento, así que no hay banner de consentimiento.',
    sections: {
      storage: {
        heading: '1. Lo que se guarda en tu navegador',
        body: 'El almacenamiento local de tu navegador guarda, solo en este dispositivo:\n- tu correo electrónico, para mostrar qué cuenta está conectada;\n- la opinión que estás escribiendo, para no perderla antes de publicarla;\n- tu idioma.\n\nTus tokens de sesión no están ahí: el token de acceso, de corta duración, queda en la memoria de la página abierta, y el de larga duración en una cookie que ningún script puede leer (sección 2). Al cerrar sesión, todo se borra al instante (el idioma se queda), incluso sin conexión.',
      },
      signin: {
        heading: '2. Cookies de inicio de sesión y de idioma',
        body: 'pupitre_refresh mantiene tu sesión: contiene el token de actualización de tu sesión, mientras dure la sesión (30 días como máximo; 12 horas para moderadores y administradores), y desaparece al cerrar sesión. Es estrictamente necesaria, solo la lee nuestro servidor (HttpOnly), solo se envía a la dirección de tokens del servicio de inicio de sesión (/auth/token/) y nunca desde otro sitio (SameSite=Strict), y solo por HTTPS (Secure).\n\nSolo mientras inicias sesión con Google, otras dos cookies estrictamente necesarias, que solo lee nuestro servidor (HttpOnly), durante 10 minutos como máximo: pupitre_oauth_state (une la respuesta de Google al inicio de sesión que empezaste) y pupitre_oauth_browser (lo une a este navegador).\n\npupitre_lang guarda el idioma en el que lees el sitio, y nada más: fr, es o en. Es una preferencia estrictamente necesaria: nuestro servidor la lee para enviarte cada página ya escrita en tu idioma. La página la instala cuando se conoce tu idioma o cuando lo cambias; dura un año, tu navegador solo la envía a este sitio y no con las peticiones de otro sitio (SameSite=Lax), y los scripts de la página pueden leerla (no contiene nada secreto).\n\nNinguna requiere consentimiento.',
      },
      offline: {
        heading: '3. Copia sin conexión',
        body: 'Un service worker guarda una copia del propio sitio (páginas, scripts, estilos) y de datos públicos como la clasificación, para que el sitio se abra incluso sin conexión. Nunca guarda tus datos personales ni nada enviado con tu token de sesión.',
      },
      control: {
        heading: '4. Tu control',
        body: 'Puedes borrarlo todo en cualquier momento desde los ajustes de tu navegador (datos del sitio). El sitio simplemente olvida entonces tu sesión y tu idioma.',
      },
    },
  },
};

export default es;
