// Adversary suite: a classmate reading a card. "En seconde…" or "In Year 9…" names no class group,
// and passed as an ordinary comment; a review of Philosophie (taught in Terminale only) tells the
// author's class by its subject alone. The review form now says so before publishing (a nudge, not
// a hold): the check the form runs finds both.
import { classYearNudges } from '@pupitre/contracts';

describe("what tells an author's class is nudged", () => {
  it.each([
    ['En seconde, le cours est clair.', 'Mathématiques', ['class-year:En seconde']],
    ['In Year 9 the lessons are clear.', 'Maths', ['class-year:Year 9']],
    ['Mi hijo en tercero dice que explica bien.', 'Historia', ['class-year:en tercero']],
    ['Cours exigeant mais passionnant.', 'Philosophie', ['single-year-subject:Philosophie']],
  ])('%s (%s)', (text, subject, found) => {
    expect(classYearNudges(text, subject).map((n) => `${n.kind}:${n.words}`)).toEqual(found);
  });
});
