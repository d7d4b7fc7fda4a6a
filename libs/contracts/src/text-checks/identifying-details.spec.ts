import { TEXT_RATING_PATTERN } from '../review-rules';
import { identifiesSomeone, identifyingDetails, type IdentifyingKind } from './identifying-details';

// The corpus of the nudge (issue #28): in each language, at least 30 comments that seem to identify
// their author or another pupil (each with the kind it must be found as), and at least 30 ordinary
// comments it must stay quiet on. Written as the form lets people write them (no accents: the
// comment's character set), plus a few as typed before that check.

type Example = [text: string, kind: IdentifyingKind];

const IDENTIFYING: Record<'fr' | 'es' | 'en', Example[]> = {
  fr: [
    ['En 4eme B on avait cours le lundi avec lui', 'class-group'],
    ['Quand j etais en seconde 3 il etait deja exigeant', 'class-group'],
    ['Toute la 3e A le trouve injuste', 'class-group'],
    ['La 4B est la seule classe qui l aime', 'class-group'],
    ['Prof de la terminale C, tres bon', 'class-group'],
    ['Les eleves de 2nde 4 sont d accord avec moi', 'class-group'],
    ['En 1ere D il nous a fait refaire tout le programme', 'class-group'],
    ['Notre classe de sixieme B a beaucoup appris', 'class-group'],
    ['Il prefere la 5eme C a notre classe', 'class-group'],
    ['Demandez a Lucas, il a eu la meme note', 'first-name'],
    ['Il a humilie Chloe devant toute la classe', 'first-name'],
    ['Avec Theo et Manon on a fait le meilleur expose', 'first-name'],
    ['Il ne supporte pas Ines', 'first-name'],
    ['Juliette a pleure apres son cours', 'first-name'],
    ['Il a toujours prefere Maxime aux autres eleves', 'first-name'],
    ['Mathis et moi on etait au premier rang', 'first-name'],
    ['Ma fille a beaucoup progresse cette annee', 'family-tie'],
    ['Mon fils le trouve trop severe', 'family-tie'],
    ['Mes enfants l ont eu tous les deux', 'family-tie'],
    ['Mon petit frere l a eu avant moi', 'family-tie'],
    ['Ma soeur dit qu il etait deja comme ca', 'family-tie'],
    ['Il a pris en grippe la fille de la directrice', 'family-tie'],
    ['Mon neveu adore ses cours', 'family-tie'],
    ['Le 12 mars il nous a laisse partir plus tot', 'date-or-event'],
    ['Lundi dernier il a crie sur toute la classe', 'date-or-event'],
    ['Hier il a oublie de venir', 'date-or-event'],
    ['Pendant le voyage a Rome il etait adorable', 'date-or-event'],
    ['Au conseil de classe il a defendu tout le monde', 'date-or-event'],
    ['Le jour ou il a jete le cahier de quelqu un, tout le monde a compris', 'date-or-event'],
    ['Ce matin il a rendu les copies avec une semaine de retard', 'date-or-event'],
    ['Lors de la sortie scolaire au musee il nous a perdus', 'date-or-event'],
    ['Le controle du 14.11.2025 etait beaucoup trop long', 'date-or-event'],
    ['Il a annule la classe verte pour tout le monde', 'date-or-event'],
    ['Mardi 12 il a annule le controle sans prevenir', 'date-or-event'],
  ],
  es: [
    ['En 4o B nadie entiende sus clases', 'class-group'],
    ['Los de 2o de bachillerato A lo adoran', 'class-group'],
    ['En cuarto C siempre llega tarde', 'class-group'],
    ['Mi clase de 3o ESO B lo sufrio todo el curso', 'class-group'],
    ['Con 1 bach B fue mucho mas amable', 'class-group'],
    ['En segundo D nos puso muchos deberes', 'class-group'],
    ['Prefiere al grupo de 5to B', 'class-group'],
    ['Castigo a Pablo sin motivo', 'first-name'],
    ['Lucia y yo sacamos la mejor nota', 'first-name'],
    ['Siempre ayuda a Sergio con los ejercicios', 'first-name'],
    ['Trata mal a Valeria delante de todos', 'first-name'],
    ['Con Diego se rie todo el rato', 'first-name'],
    ['Mateo dice que es el mejor profesor del colegio', 'first-name'],
    ['Le tiene mania a Alvaro', 'first-name'],
    ['Mi hijo ha mejorado mucho con ella', 'family-tie'],
    ['Mi hija la tuvo dos anos seguidos', 'family-tie'],
    ['Mis hijos dicen que explica muy bien', 'family-tie'],
    ['Mi hermano la tuvo antes que yo', 'family-tie'],
    ['Mi hermana pequena dice lo mismo', 'family-tie'],
    ['Siempre aprueba a la hija de la directora', 'family-tie'],
    ['Mi sobrino esta encantado con sus clases', 'family-tie'],
    ['Nuestro hijo no quiere ir a su clase', 'family-tie'],
    ['El 3 de mayo nos dejo salir antes', 'date-or-event'],
    ['El lunes pasado grito a toda la clase', 'date-or-event'],
    ['Ayer no vino a clase', 'date-or-event'],
    ['Durante el viaje de estudios fue muy simpatico', 'date-or-event'],
    ['En la excursion al museo nos perdio', 'date-or-event'],
    ['El dia que rompio el movil de un alumno todos lo vimos', 'date-or-event'],
    ['Esta manana nos devolvio los examenes', 'date-or-event'],
    ['En la reunion de padres dijo cosas muy feas', 'date-or-event'],
    ['El examen del 21.02.2026 fue imposible', 'date-or-event'],
    ['La vez que se enfado con Ruben fue horrible', 'date-or-event'],
    ['En el simulacro de incendio se quedo dentro', 'date-or-event'],
  ],
  en: [
    ['In Year 9 B nobody could follow her', 'class-group'],
    ['Our class 7C loved his lessons', 'class-group'],
    ['He favours year 10 set 2 over us', 'class-group'],
    ['Form 4 B had him all year', 'class-group'],
    ['The whole of 8D thinks he is unfair', 'class-group'],
    ['In Y11 A we had her twice a week', 'class-group'],
    ['Year 12 C is the only class he likes', 'class-group'],
    ['He picked on Oliver every single lesson', 'first-name'],
    ['Ask Amelia, she got the same mark', 'first-name'],
    ['Emily and I sat in the front row', 'first-name'],
    ['She made Harry cry in front of everyone', 'first-name'],
    ['He always lets Jessica hand in late', 'first-name'],
    ['Noah says she is the best teacher ever', 'first-name'],
    ['He never marks Logan fairly', 'first-name'],
    ['My son has improved a lot this year', 'family-tie'],
    ['My daughter finds her too strict', 'family-tie'],
    ['My kids both had him', 'family-tie'],
    ['My little brother had her before me', 'family-tie'],
    ['My sister says she was always like this', 'family-tie'],
    ['He is nicer to the son of the head teacher', 'family-tie'],
    ['Our daughter dreads his lessons', 'family-tie'],
    ['My niece loves her classes', 'family-tie'],
    ['On March 12th he let us leave early', 'date-or-event'],
    ['Last Friday he shouted at the whole class', 'date-or-event'],
    ['Yesterday she forgot to come', 'date-or-event'],
    ['During the trip to Rome he was lovely', 'date-or-event'],
    ['On the school trip he lost two of us', 'date-or-event'],
    ['At parents evening he said awful things', 'date-or-event'],
    ['The day when he threw a bag everyone saw it', 'date-or-event'],
    ['This morning he gave the tests back', 'date-or-event'],
    ['The test on 14.11.2025 was far too long', 'date-or-event'],
    ['During the fire drill he stayed inside', 'date-or-event'],
    ['The 3rd of May lesson was cancelled for no reason', 'date-or-event'],
  ],
};

const ORDINARY: Record<'fr' | 'es' | 'en', string[]> = {
  fr: [
    'Cours tres clair, toujours disponible pour expliquer.',
    'Exigeant mais juste, on progresse beaucoup.',
    "Ambiance agreable, j'ai aime cette annee.",
    'Parfois difficile a suivre, mais les exercices aident.',
    'Tres bonne methode, les fiches de revision sont utiles.',
    'Pas toujours patient quand on ne comprend pas.',
    'Super prof, passionne par sa matiere !',
    'Explication claire, on comprend tout du premier coup',
    'Il est la premiere a nous aider quand on bloque',
    'En seconde, c etait plus facile',
    'Mme Martin explique tres bien les fonctions',
    'M. Lucas est toujours a l heure',
    'Monsieur Clement note de facon severe mais juste',
    'On a etudie Victor Hugo et Emile Zola, passionnant',
    'Le cours sur Louis XIV etait genial',
    'Une note de 15 sur 20 au bac grace a lui',
    'Deux heures de cours par semaine, c est trop peu',
    'En terminale 2 fois par semaine, ca suffit',
    'Il corrige les copies en une semaine',
    'Trop de devoirs le week end',
    'Elle fait des cours vivants avec beaucoup d exemples',
    'Le programme est fini avant les vacances',
    'Il ne crie jamais, meme quand la classe est bruyante',
    'Les controles ressemblent aux exercices faits en classe',
    'Elle prend le temps de repondre aux questions',
    'Un peu lent, mais tres patient avec tout le monde',
    'Les cours de Louis Pasteur et Marie Curie etaient top',
    'Toujours de bonne humeur le matin',
    'Il donne des conseils utiles pour le brevet',
    'La correction est claire et detaillee',
    'Elle aime sa matiere et ca se voit',
    'Des cours bien organises, rien a redire',
  ],
  es: [
    'Muy buena profesora, explica bien',
    'Explicacion clara y ejemplos utiles',
    'Es exigente pero justo con las notas',
    'Sus clases son muy amenas',
    'Pone demasiados deberes para el fin de semana',
    'Siempre esta dispuesto a ayudar',
    'A veces va muy rapido con el temario',
    'La profesora Garcia es muy paciente',
    'El profesor Lucas corrige rapido',
    'Primero explica la teoria y luego practicamos',
    'Tenemos clase tres veces por semana',
    'En segundo, 2 horas por semana es poco',
    'Los examenes se parecen a los ejercicios de clase',
    'Nunca grita aunque la clase sea ruidosa',
    'Hace las clases muy dinamicas',
    'Me gusta como organiza el curso',
    'Leemos a Pablo Neruda y aprendemos mucho',
    'Los trabajos en grupo estan bien pensados',
    'Da buenos consejos para la selectividad',
    'Es puntual y siempre prepara sus clases',
    'Un poco estricto pero se aprende',
    'Corrige con mucho detalle',
    'Explica cada tema con paciencia',
    'Tiene mucho sentido del humor',
    'Las notas son justas',
    'Repasa antes de cada examen',
    'La clase de la manana es la mejor',
    'Todo el curso fue interesante',
    'Usa videos y juegos para explicar',
    'Responde a todas las preguntas',
    'Nos motiva a leer mas',
    'Su asignatura es dificil pero la hace facil',
  ],
  en: [
    'Very clear teacher, I recommend',
    'Class at eight is hard but worth it',
    'Skills, skilled, assessment and classic exams',
    'Strict but fair with the marks',
    'Her lessons are fun and well organised',
    'Too much homework at the weekend',
    'He always explains things twice if needed',
    'Sometimes goes a bit fast through the syllabus',
    'Mrs Evans is very patient',
    'Mr. James marks quickly and fairly',
    'We read William Shakespeare and loved it',
    'Isaac Newton and Charles Darwin were great topics',
    'Tests look like the exercises we do in class',
    'Never shouts even when the class is noisy',
    'Lessons twice a week are not enough',
    'She may 2x the homework before exams',
    'In Year 9 a lot of us struggled, but she helped',
    'Most of the time he is on time',
    'Great feedback on every essay',
    'Makes maths feel easy',
    'Good advice for the exams',
    'A bit strict but you learn a lot',
    'Always prepared and on time',
    'Uses videos and games to explain',
    'Answers every question patiently',
    'Gives clear notes after each lesson',
    'Made me enjoy reading again',
    'His tests are long but fair',
    'She knows her subject very well',
    'Kind and helpful with everyone',
    'Every day he explains the homework clearly',
    'The best science teacher I have had',
  ],
};

describe.each(['fr', 'es', 'en'] as const)('the identifying-details nudge in %s', (lang) => {
  it('has a corpus of at least 30 examples of each sort', () => {
    expect(IDENTIFYING[lang].length).toBeGreaterThanOrEqual(30);
    expect(ORDINARY[lang].length).toBeGreaterThanOrEqual(30);
    for (const [text] of IDENTIFYING[lang]) expect(TEXT_RATING_PATTERN.test(text)).toBe(true);
    for (const text of ORDINARY[lang]) expect(TEXT_RATING_PATTERN.test(text)).toBe(true);
  });

  it.each(IDENTIFYING[lang])('fires on %j (%s)', (text, kind) => {
    expect(identifyingDetails(text).map((d) => d.kind)).toContain(kind);
    expect(identifiesSomeone(text)).toBe(true);
  });

  it.each(ORDINARY[lang])('stays quiet on %j', (text) => {
    expect(identifyingDetails(text)).toEqual([]);
  });
});

describe('what the nudge tells the author', () => {
  it('names the words it found, once each, in the order of the kinds', () => {
    expect(identifyingDetails('Ma fille Chloe, en 4eme B, le 12 mars, et Chloe encore')).toEqual([
      { kind: 'class-group', words: '4eme B' },
      { kind: 'first-name', words: 'Chloe' },
      { kind: 'family-tie', words: 'ma fille' },
      { kind: 'date-or-event', words: '12 mars' },
    ]);
  });

  it('reads the comment as typed, accents and all', () => {
    expect(identifyingDetails('Ma sœur en 4ème B')).toEqual([
      { kind: 'class-group', words: '4eme B' },
      { kind: 'family-tie', words: 'ma soeur' },
    ]);
    expect(identifyingDetails('Inès et Sofía')).toEqual([
      { kind: 'first-name', words: 'Ines' },
      { kind: 'first-name', words: 'Sofia' },
    ]);
  });

  it('is quiet on an empty comment', () => {
    expect(identifyingDetails('')).toEqual([]);
    expect(identifyingDetails('   ')).toEqual([]);
  });
});
