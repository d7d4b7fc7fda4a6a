import { type Language } from '@pupitre/contracts';

// The mails the auth service sends for the rating side's events (moderation-events): the outcome of
// a report, a teacher's invitation, the outcome of a teacher's objection. Plain words in fr, es and
// en; never who wrote a review.

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Labels of the reason keys moderators choose from (contracts: MODERATOR_REASON_KEYS, OBJECTION_DECISION_REASON_KEYS). */
const REASONS: Record<Language, Record<string, string>> = {
  fr: {
    'offensive-language': 'propos injurieux',
    'personal-data': 'données personnelles',
    threat: 'menace',
    'off-topic': 'hors sujet',
    'not-about-teaching': 'ne porte pas sur l’enseignement',
    'false-statement': 'affirmation fausse',
    other: 'autre motif',
    moderator: 'décision de la modération',
    'no-breach': 'aucune règle n’est enfreinte',
    'objection-upheld': 'votre demande est fondée',
    'left-school': 'vous avez quitté l’établissement',
    'public-interest': 'l’intérêt des élèves et des familles à être informés prévaut',
    'identity-not-confirmed': 'votre identité n’a pas pu être confirmée',
    'insufficient-grounds': 'les motifs donnés ne suffisent pas',
  },
  es: {
    'offensive-language': 'lenguaje ofensivo',
    'personal-data': 'datos personales',
    threat: 'amenaza',
    'off-topic': 'fuera de tema',
    'not-about-teaching': 'no trata de la enseñanza',
    'false-statement': 'afirmación falsa',
    other: 'otro motivo',
    moderator: 'decisión de la moderación',
    'no-breach': 'no infringe ninguna norma',
    'objection-upheld': 'su solicitud está fundada',
    'left-school': 'ha dejado el centro',
    'public-interest': 'prevalece el interés de alumnos y familias en estar informados',
    'identity-not-confirmed': 'no se pudo confirmar su identidad',
    'insufficient-grounds': 'los motivos dados no bastan',
  },
  en: {
    'offensive-language': 'offensive language',
    'personal-data': 'personal data',
    threat: 'threat',
    'off-topic': 'off topic',
    'not-about-teaching': 'not about teaching',
    'false-statement': 'false statement',
    other: 'other reason',
    moderator: 'moderators’ decision',
    'no-breach': 'no rule is broken',
    'objection-upheld': 'your request is well founded',
    'left-school': 'you have left the school',
    'public-interest': 'the interest of students and families in being informed prevails',
    'identity-not-confirmed': 'your identity could not be confirmed',
    'insufficient-grounds': 'the grounds given are not enough',
  },
};

/** The label of a reason key in `lang` (the key itself when unknown: a moderator's older free text). */
export const reasonLabel = (lang: Language, key: string): string => REASONS[lang][key] ?? key;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const SIGNATURE = '— Pupitre';
const GREETING: Record<Language, string> = { fr: 'Bonjour,', es: 'Hola:', en: 'Hello,' };

/** Paragraphs (and an optional link with its button text) as text and HTML (the account notices use it too). */
export function compose(
  lang: Language,
  subject: string,
  paragraphs: string[],
  link?: { url: string; action: string },
  footer?: string,
): RenderedMail {
  const text = [
    GREETING[lang],
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [link.url, ''] : []),
    ...(footer ? [footer, ''] : []),
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(GREETING[lang])}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.action)}</a></p>\n<p style="font-size:small">${escapeHtml(link.url)}</p>` : ''}
${footer ? `<p style="font-size:small;color:#555">${escapeHtml(footer)}</p>` : ''}
<p>${SIGNATURE}</p>
</body></html>`;
  return { subject, text, html };
}

const day = (lang: Language, iso: string): string =>
  new Date(iso).toLocaleDateString({ fr: 'fr-FR', es: 'es-ES', en: 'en-GB' }[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const teacherName = (t: { prefix: string; name: string } | null, lang: Language): string =>
  t ? `${t.prefix} ${t.name}`.trim() : { fr: 'un enseignant', es: 'un docente', en: 'a teacher' }[lang];

/** The outcome of a report: kept or removed, the reason and the moderator's words; a link to the reporter's page. */
export function renderReportDecided(
  lang: Language,
  input: {
    outcome: 'kept' | 'removed';
    reason: string;
    reasonText: string | null;
    teacher: { prefix: string; name: string } | null;
    reportedAt: string;
  },
  reportsUrl: string,
): RenderedMail {
  const teacher = teacherName(input.teacher, lang);
  const reason = reasonLabel(lang, input.reason);
  const words = input.reasonText ? [input.reasonText] : [];
  if (lang === 'fr') {
    return compose(
      lang,
      input.outcome === 'removed' ? 'Votre signalement : l’avis a été retiré' : 'Votre signalement : l’avis a été conservé',
      [
        `Le ${day(lang, input.reportedAt)}, vous avez signalé un avis sur ${teacher}. La modération l’a examiné.`,
        `Décision : ${input.outcome === 'removed' ? 'avis retiré' : 'avis conservé'}.\nMotif : ${reason}.`,
        ...words,
        'Vous retrouvez tous vos signalements et leurs suites sur votre compte :',
      ],
      { url: reportsUrl, action: 'Voir mes signalements' },
    );
  }
  if (lang === 'es') {
    return compose(
      lang,
      input.outcome === 'removed' ? 'Tu denuncia: la reseña ha sido retirada' : 'Tu denuncia: la reseña se mantiene',
      [
        `El ${day(lang, input.reportedAt)} denunciaste una reseña sobre ${teacher}. La moderación la ha examinado.`,
        `Decisión: ${input.outcome === 'removed' ? 'reseña retirada' : 'reseña mantenida'}.\nMotivo: ${reason}.`,
        ...words,
        'Todas tus denuncias y su resultado están en tu cuenta:',
      ],
      { url: reportsUrl, action: 'Ver mis denuncias' },
    );
  }
  return compose(
    lang,
    input.outcome === 'removed' ? 'Your report: the review was removed' : 'Your report: the review was kept',
    [
      `On ${day(lang, input.reportedAt)} you reported a review of ${teacher}. Our moderators have looked at it.`,
      `Decision: ${input.outcome === 'removed' ? 'review removed' : 'review kept'}.\nReason: ${reason}.`,
      ...words,
      'All your reports and their outcomes are on your account:',
    ],
    { url: reportsUrl, action: 'See my reports' },
  );
}

/** A teacher's invitation to link their account to their teacher page (valid `days`, single use). */
export function renderTeacherInvitation(
  lang: Language,
  input: { teacher: { prefix: string; name: string }; days: number },
  link: string,
): RenderedMail {
  const teacher = teacherName(input.teacher, lang);
  if (lang === 'fr') {
    return compose(
      lang,
      'Pupitre : votre droit de réponse et d’opposition',
      [
        `La modération de Pupitre vous invite à relier votre compte à la page de ${teacher}. Vous pourrez alors répondre publiquement aux avis qui vous concernent et vous opposer à figurer sur le site.`,
        'Connectez-vous (ou créez un compte) avec cette adresse e-mail, puis ouvrez le lien ci-dessous :',
      ],
      { url: link, action: 'Relier mon compte' },
      `Ce lien est valable ${input.days} jours et ne sert qu’une fois. Si vous n’êtes pas ${teacher}, ignorez ce message.`,
    );
  }
  if (lang === 'es') {
    return compose(
      lang,
      'Pupitre: su derecho de respuesta y de oposición',
      [
        `La moderación de Pupitre le invita a vincular su cuenta con la página de ${teacher}. Podrá responder públicamente a las reseñas que le conciernen y oponerse a figurar en el sitio.`,
        'Inicie sesión (o cree una cuenta) con esta dirección de correo y abra el enlace siguiente:',
      ],
      { url: link, action: 'Vincular mi cuenta' },
      `Este enlace es válido durante ${input.days} días y solo sirve una vez. Si usted no es ${teacher}, ignore este mensaje.`,
    );
  }
  return compose(
    lang,
    'Pupitre: your right of reply and objection',
    [
      `Pupitre's moderators invite you to link your account to the page of ${teacher}. You can then reply publicly to the reviews about you, and object to being listed on the site.`,
      'Sign in (or sign up) with this e-mail address, then open the link below:',
    ],
    { url: link, action: 'Link my account' },
    `This link is valid for ${input.days} days and works only once. If you are not ${teacher}, ignore this message.`,
  );
}

/** The outcome of a teacher's objection to being listed. */
export function renderObjectionDecided(
  lang: Language,
  input: { outcome: 'accepted' | 'refused'; reason: string; reasonText: string | null; eraseAfter: string | null },
  spaceUrl: string,
): RenderedMail {
  const reason = reasonLabel(lang, input.reason);
  const words = input.reasonText ? [input.reasonText] : [];
  const erase = input.eraseAfter ? day(lang, input.eraseAfter) : null;
  if (lang === 'fr') {
    return compose(
      lang,
      input.outcome === 'accepted' ? 'Votre opposition est acceptée' : 'Votre opposition est refusée',
      [
        input.outcome === 'accepted'
          ? `Votre page, les avis vous concernant et votre place dans le classement ne sont plus montrés à personne. Ils sont conservés jusqu’au ${erase} pour répondre à nos obligations légales, puis effacés.`
          : 'Votre page et les avis vous concernant restent publiés. Vous pouvez toujours répondre à chaque avis.',
        `Motif : ${reason}.`,
        ...words,
      ],
      { url: spaceUrl, action: 'Mon espace enseignant' },
    );
  }
  if (lang === 'es') {
    return compose(
      lang,
      input.outcome === 'accepted' ? 'Su oposición ha sido aceptada' : 'Su oposición ha sido rechazada',
      [
        input.outcome === 'accepted'
          ? `Su página, las reseñas que le conciernen y su lugar en la clasificación ya no se muestran a nadie. Se conservan hasta el ${erase} para cumplir nuestras obligaciones legales y después se borran.`
          : 'Su página y las reseñas que le conciernen siguen publicadas. Puede seguir respondiendo a cada reseña.',
        `Motivo: ${reason}.`,
        ...words,
      ],
      { url: spaceUrl, action: 'Mi espacio docente' },
    );
  }
  return compose(
    lang,
    input.outcome === 'accepted' ? 'Your objection is accepted' : 'Your objection is refused',
    [
      input.outcome === 'accepted'
        ? `Your page, the reviews about you and your ranking entry are no longer shown to anyone. They are kept until ${erase} to meet our legal obligations, then erased.`
        : 'Your page and the reviews about you stay published. You can still reply to each review.',
      `Reason: ${reason}.`,
      ...words,
    ],
    { url: spaceUrl, action: 'My teacher space' },
  );
}
