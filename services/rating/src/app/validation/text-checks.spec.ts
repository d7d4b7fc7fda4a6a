import { DEMO_COMMENTS } from '../../seed/demo-reviews';
import { hasOffensiveLanguage, hasPersonalData, hasThreat, normalizeForMatching, validateReviewText } from './text-checks';

describe('normalizeForMatching', () => {
  it.each([
    ['C0NNNAAARD', 'conard'],
    ['Pútá', 'puta'],
    ['Fuuuuck!', 'fuck'],
    ['$h1t', 'shit'],
    ["J'ai   aimé", 'j ai aime'],
  ])('%s → %s', (text, normalized) => expect(normalizeForMatching(text)).toBe(normalized));
});

describe('automatic validation', () => {
  it.each(DEMO_COMMENTS.filter(Boolean))('publishes the ordinary comment %j', (text) =>
    expect(validateReviewText(text)).toEqual({ action: 'publish' }),
  );

  it.each([
    'Very clear teacher, I recommend',
    'Muy buena profesora, explica bien',
    'Prof exigeant mais juste',
    'Class at eight is hard but worth it',
    'Une note de 15 sur 20 au bac',
    'Skills, skilled, assessment and classic exams',
    'Il a tue le suspense du film',
  ])('publishes %j', (text) => expect(validateReviewText(text)).toEqual({ action: 'publish' }));

  it.each([
    ['Ce prof est un connard', 'offensive-language'],
    ['CONNNNARD', 'offensive-language'],
    ['c0nn4rd total', 'offensive-language'],
    ['es un gilipollas', 'offensive-language'],
    ['Que pendejo', 'offensive-language'],
    ['what a f u c k i n g teacher', 'offensive-language'],
    ['total a$$hole', 'text-rating-forbidden-characters'],
    ['He is an idi0t', 'offensive-language'],
  ])('rejects %j (%s)', (text, reason) => expect(validateReviewText(text)).toEqual({ action: 'reject', reason }));

  it.each(['Je vais te tuer a la sortie', 'Te voy a matar', 'I will kill him', 'I know where you live', 'gonna kill that teacher'])(
    'holds the threat %j',
    (text) => {
      expect(hasThreat(text)).toBe(true);
      expect(validateReviewText(text)).toEqual({ action: 'hold', reason: 'threat' });
    },
  );

  it.each([
    'Call me at 06 12 34 56 78',
    'Mon numero 0612345678',
    'write to jean dot dupont at gmail dot com',
    'jean.dupont gmail.com',
    'see www.example.com',
    'go to example.fr for answers',
    'mi correo es pepe arroba hotmail punto com',
    'follow me on instagram pepe.perez',
    'plus 34 612 345 678',
  ])('rejects the personal data in %j', (text) => {
    expect(hasPersonalData(text)).toBe(true);
    expect(validateReviewText(text)).toEqual({ action: 'reject', reason: 'personal-data' });
  });

  it.each(['Ma fille a beaucoup progresse', 'En 4eme B on avait cours avec lui', 'Mi hijo la adora', 'Last Friday he shouted at Oliver'])(
    'holds %j for a moderator: it may identify someone',
    (text) => expect(validateReviewText(text)).toEqual({ action: 'hold', reason: 'identifying-details' }),
  );

  it('decides on personal data, threats and insults before identifying details', () => {
    expect(validateReviewText('Ma fille dit que c est un connard')).toEqual({ action: 'reject', reason: 'offensive-language' });
    expect(validateReviewText('Mon fils a ton numero 06 12 34 56 78')).toEqual({ action: 'reject', reason: 'personal-data' });
    expect(validateReviewText('Je sais ou tu habites, ma fille me l a dit')).toEqual({ action: 'hold', reason: 'threat' });
  });

  it('rejects characters outside the contract set', () => {
    expect(validateReviewText('mail: a@b.c')).toEqual({ action: 'reject', reason: 'text-rating-forbidden-characters' });
    expect(validateReviewText('x'.repeat(257))).toEqual({ action: 'reject', reason: 'text-rating-forbidden-characters' });
  });

  it('does not see insults inside ordinary words', () => {
    expect(hasOffensiveLanguage('Scunthorpe classic assessment Dickens')).toBe(false);
    expect(hasOffensiveLanguage('')).toBe(false);
  });
});
