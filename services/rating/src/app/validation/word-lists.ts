// Word lists of the automatic validation, in French, Spanish and English. Entries are written in
// plain lower case; they are normalised the same way as the text (accents, leetspeak, repeated
// letters), so `C0NNNAAARD` or `pútá` still match. Keep each list sorted; add words here.

/** Insults and slurs: a review containing one is rejected (`offensive-language`). */
export const OFFENSIVE_WORDS: Record<'fr' | 'es' | 'en', readonly string[]> = {
  fr: [
    'batard', 'bouffon', 'connard', 'connasse', 'conne', 'couille', 'cretin', 'debile', 'encule', 'enculer', 'enfoire',
    'fdp', 'gogol', 'grognasse', 'merde', 'merdique', 'niquer', 'ntm', 'pd', 'petasse', 'pouffiasse', 'pute', 'salaud',
    'salope', 'tapette', 'abruti', 'attarde',
  ],
  es: [
    'cabron', 'cabrona', 'capullo', 'cojones', 'coño', 'estupido', 'estupida', 'gilipollas', 'hdp', 'hijueputa', 'imbecil',
    'joder', 'malparido', 'maricon', 'mierda', 'pendejo', 'pendeja', 'puta', 'puto', 'subnormal', 'zorra', 'tarado',
  ],
  en: [
    'asshole', 'bastard', 'bitch', 'bullshit', 'crap', 'cunt', 'dick', 'dickhead', 'dumbass', 'fag', 'faggot', 'fuck',
    'fucker', 'fucking', 'idiot', 'moron', 'motherfucker', 'prick', 'retard', 'shit', 'slut', 'twat', 'whore', 'wanker',
  ],
};

/** Multi-word threats (matched on the normalised text): the review is held for a moderator (`threat`). */
export const THREAT_PHRASES: readonly string[] = [
  // fr
  'je vais te tuer', 'je vais le tuer', 'je vais la tuer', 'on va te tuer', 'va mourir', 'je vais te frapper',
  'je vais le frapper', 'je vais la frapper', 'je sais ou tu habites', 'je sais ou il habite', 'je sais ou elle habite',
  'tu vas le payer', 'il va le payer', 'elle va le payer', 'je vais te retrouver', 'on va le retrouver', 'a la sortie tu vas',
  'je vais bruler', 'mettre une bombe',
  // es
  'te voy a matar', 'lo voy a matar', 'la voy a matar', 'voy a matarte', 'te vamos a matar', 'se va a morir',
  'te voy a pegar', 'le voy a pegar', 'se donde vives', 'se donde vive', 'me las vas a pagar', 'lo va a pagar',
  // en
  'i will kill', 'ill kill', 'i am going to kill', 'im going to kill', 'gonna kill', 'going to hurt', 'i will hurt',
  'i know where you live', 'i know where he lives', 'i know where she lives', 'you will pay for this', 'he will pay for this',
  'she will pay for this', 'watch your back', 'bring a gun', 'plant a bomb', 'shoot him', 'shoot her',
];

/** Single words that are threats on their own in a review of a teacher. */
export const THREAT_WORDS: readonly string[] = ['tuer', 'matar', 'kill', 'murder', 'asesinar', 'assassiner', 'bomb', 'bombe', 'bomba'];
