import { classYearMentions, classYearNudges, singleYearOf } from './class-year-nudges';

const words = (text: string) => classYearMentions(text).map((d) => d.words);

describe('class-year nudges', () => {
  it.each([
    ['En seconde, le cours est clair et bien organise.', ['En seconde']],
    ['In Year 9 we do a lot of group work.', ['Year 9']],
    ['Ma fille en 4eme adore ce cours', ['4eme']],
    ['Mi hijo en tercero dice que explica bien', ['en tercero']],
    ['En 4o ESO el ritmo es alto', ['4o ESO']],
    ['Cours de terminale exigeant', ['de terminale']],
  ])('finds a bare class year: %s', (text, found) => expect(words(text)).toEqual(found));

  it.each([
    'Une seconde d attention suffit pour comprendre.',
    'La premiere fois que je suis alle a son cours.',
    'Explique bien, cours vivants.',
    'He marks fairly and explains twice.',
    'El segundo trimestre fue mas dificil.',
  ])('leaves an ordinary sentence alone: %s', (text) => expect(words(text)).toEqual([]));

  it('knows the subjects taught in one class year only', () => {
    expect(['Philosophie', 'Filosofía', 'SNT', 'Mathématiques', 'Histoire-Géographie'].map(singleYearOf)).toEqual([0, 0, 2, null, null]);
    expect(classYearNudges('Tres bien', 'Philosophie')).toEqual([{ kind: 'single-year-subject', words: 'Philosophie' }]);
  });
});
