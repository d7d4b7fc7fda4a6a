import { isScreenLoaded, preloadScreens } from '@pupitre/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { findMissingKeys, i18n, initI18n, setLanguage } from '@pupitre/i18n';
import { parseRouteDeclarations } from '@pupitre/contracts';
import { clearSession } from '@pupitre/session';
import { fakeApi, sampleReview, type FakeCall, NO_FIGURES } from '@pupitre/review-ui/src/testing';
import { catalogues } from './i18n';
import declarations from './route-declarations.json';
import routes from './routes';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(() => preloadScreens(routes));

// jsdom has no layout and no Web Animations: carousels stay plain rows here (their motion is
// checked in Chromium, e2e/responsive.e2e.ts); what these tests look at is their content.

initI18n('en');

const ranking = [
  { id: 4, prefix: 'Mme', name: 'Durand', subjects: ['Maths'], rating: 8.46, score: 8.2, reviews: 12 },
  { id: 9, prefix: 'M.', name: 'Martin', subjects: [], rating: 7, score: 7.1, reviews: 3 },
];
const teacher = {
  id: 4,
  prefix: 'Mme',
  name: 'Durand',
  rating: 7,
  reviews: 3,
  subjects: [{ id: 1, name: 'Maths', color: '#ff0000' }],
  criteria: {
    clarte: 8.6,
    interaction_soutien: 6,
    methodes: null,
    justice: 4.3,
    ambiance: 7,
    gestion_temps: 6,
    amabilite: 10,
    gestion_colere: 8,
    charge_travail: 4,
    distraction: 6,
    difficulte: 2,
  },
  answers: { ponctuel: 67, aide: 0, greves: null, punitions: 33, justice: null, distraction: 100 },
  distribution: [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1],
  by_year: [
    { years: [6, 5, 4, 3], reviews: 12, rating: 7.4 },
    { years: [2, 1, 0], reviews: 6, rating: null },
  ],
  by_year_until: '2026-11-01T00:00:00.000Z',
};
const community = [
  { title: 'recent', reviews: [sampleReview(1), sampleReview(2)] },
  { title: 'highest', reviews: [sampleReview(2, { tot_rating: 10 })] },
  { title: 'lowest', reviews: [] },
  { title: 'relevant', reviews: [sampleReview(3)] },
  { '1': [true, false], '2': [null, true], '3': [null, false] },
];

function serve(answers: Record<string, unknown>) {
  return fakeApi((call: FakeCall) =>
    call.url in answers ? { status: 200, body: answers[call.url] } : { status: 404, body: { error: 'not-found' } },
  );
}

function renderRoute(url: string, pattern: keyof typeof routes) {
  const Screen = routes[pattern];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  resetApiClient();
  jest.useRealTimers();
});

test('exposes exactly the paths it declares to the shell (route-declarations.json, valid by the contract)', () => {
  const declared = parseRouteDeclarations(declarations);
  expect(Object.keys(routes).sort()).toEqual(declared.map((route) => route.path).sort());
  for (const Screen of Object.values(routes)) expect(isScreenLoaded(Screen)).toBe(true); // a component (loaded in beforeAll)
});

test('adds the `community` and `review-ui` namespaces; fr, es and en catalogues have the same keys', () => {
  for (const lng of ['fr', 'es', 'en']) {
    expect(i18n.hasResourceBundle(lng, 'community')).toBe(true);
    expect(i18n.hasResourceBundle(lng, 'review-ui')).toBe(true);
  }
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('/communaute: title, search box, non-empty categories as carousels alternating direction, best teachers', async () => {
  const api = serve({ '/api/rating/community': community, '/api/teachers/ranking': ranking });
  renderRoute('/communaute', '/communaute');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Community');
  expect(screen.getByRole('searchbox', { name: 'Find a teacher' })).toBeInTheDocument();
  await screen.findByTestId('categories');
  expect(screen.getByTestId('category-recent')).toHaveTextContent('Most recent');
  expect(screen.queryByTestId('category-lowest')).toBeNull();
  const carousels = screen.getAllByRole('region').filter((r) => r.getAttribute('aria-roledescription') === 'carousel');
  expect(carousels.map((c) => c.getAttribute('data-direction'))).toEqual(['forward', 'backward', 'forward']);
  expect(carousels.map((c) => c.getAttribute('aria-label'))).toEqual(['Most recent', 'Highest rated', 'Most relatable']);
  expect(within(screen.getByTestId('category-recent')).getAllByTestId('review-card')).toHaveLength(2);
  // The caller's state: review 1 voted relatable, review 2 a favourite (in both of its categories).
  expect(within(screen.getByTestId('category-recent')).getAllByTestId('vote-like')[0]).toHaveAttribute('aria-pressed', 'true');
  for (const card of screen.getAllByTestId('review-card').filter((c) => c.getAttribute('data-review-id') === '2')) {
    expect(within(card).getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
  }
  // The best teachers with the score they are ranked by (not the plain mean), and their review count.
  const list = await screen.findByTestId('ranking-list');
  expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    '1Mme Durand8.2/10 out of 1012 reviews',
    '2M. Martin7.1/10 out of 103 reviews',
  ]);
  expect(screen.getByTestId('mfe-community')).toHaveAttribute('data-mfe-version');
  expect(screen.queryByText(/community (dev|\d)/)).toBeNull();
  expect(api.calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/rating/community', '/api/teachers/ranking']));
});

test('/communaute: the pause button stops every carousel', async () => {
  serve({ '/api/rating/community': community, '/api/teachers/ranking': ranking });
  renderRoute('/communaute', '/communaute');
  const pause = await screen.findByTestId('carousel-pause');
  expect(pause).toHaveTextContent('Pause the scrolling');
  await userEvent.setup().click(pause);
  expect(pause).toHaveTextContent('Resume the scrolling');
  expect(pause).toHaveAttribute('aria-pressed', 'true');
});

test('/communaute: choosing a teacher loads his details and reviews and links to publishing on him', async () => {
  jest.useFakeTimers();
  serve({
    '/api/rating/community': [{}],
    '/api/teachers/ranking': [],
    '/api/teachers?query=dur': [{ id: 4, prefix: 'Mme', name: 'Durand', rating: 7, subjects: [{ id: 1, name: 'Maths' }] }],
    '/api/teacher/4': teacher,
    '/api/teacher/4/reviews?limit=50': community,
  });
  renderRoute('/communaute', '/communaute');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.type(screen.getByRole('searchbox'), 'dur');
  await act(async () => jest.advanceTimersByTime(500));
  await user.click(await screen.findByRole('button', { name: /Mme Durand/ }));
  const chosen = await screen.findByTestId('chosen-teacher');
  expect(await within(chosen).findByTestId('teacher-name')).toHaveTextContent('Mme Durand');
  expect(within(chosen).getByTestId('publish-link')).toHaveAttribute('href', '/publication?teacher=4');
  // Each review once, newest first.
  const cards = await within(chosen).findAllByTestId('review-card');
  expect(cards.map((c) => c.getAttribute('data-review-id'))).toEqual(['3', '2', '1']);
  expect(screen.getByText('No review has been published yet.')).toBeInTheDocument();
});

test('/ranking shows "Loading..." and then the numbered list: subjects, the score it is ordered by, review count, how the score works', async () => {
  serve({
    '/api/teachers/ranking': [
      { id: 1, prefix: 'Mme', name: 'Roux', subjects: ['Histoire', 'Géographie'], rating: 9, score: 8, reviews: 5 },
    ],
  });
  renderRoute('/ranking', '/ranking');
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  const list = await screen.findByTestId('ranking-list');
  expect(list.tagName).toBe('OL');
  expect(list).toHaveTextContent('Mme Roux');
  expect(list).toHaveTextContent('Histoire · Géographie');
  expect(within(list).getByTestId('ranking-score')).toHaveTextContent('8.0/10 out of 10');
  expect(within(list).getByTestId('ranking-score')).toHaveTextContent('5 reviews');
  expect(list).not.toHaveTextContent('9.0');
  expect(screen.getByTestId('ranking-how')).toHaveTextContent('pulled toward the school’s average');
});

test('/ranking in French writes decimals with a comma', async () => {
  await act(() => setLanguage('fr'));
  serve({ '/api/teachers/ranking': [{ id: 1, prefix: 'Mme', name: 'Roux', subjects: [], rating: 9, score: 8, reviews: 5 }] });
  renderRoute('/ranking', '/ranking');
  expect(within(await screen.findByTestId('ranking-list')).getByTestId('ranking-score')).toHaveTextContent('8,0/10');
  await act(() => setLanguage('en'));
});

test('/teacher/:id: name, subject chips, the score badge, the spread of ratings, each criterion, the yes/no shares, his reviews', async () => {
  serve({ '/api/teacher/4': teacher, '/api/teacher/4/reviews?limit=50': community });
  renderRoute('/teacher/4', '/teacher/:id');
  expect(await screen.findByTestId('teacher-name')).toHaveTextContent('Mme Durand');
  expect(screen.getByTestId('teacher-rating')).toHaveTextContent('7.0/10 out of 10');
  expect(screen.getByTestId('teacher-rating')).toHaveTextContent('3 reviews');
  expect(screen.getByTestId('teacher-subjects')).toHaveTextContent('Maths');
  expect(within(screen.getByTestId('teacher-subjects')).getByTestId('subject-chip')).toHaveAttribute('data-color', '#ff0000');
  const spread = screen.getByRole('list', { name: 'Spread of overall ratings' });
  expect(within(spread).getAllByRole('listitem')).toHaveLength(11);
  expect(spread).toHaveTextContent('10/10: 1 review');
  expect(spread).toHaveTextContent('9/10: 0 reviews');
  const criteria = screen.getByTestId('criteria-averages');
  expect(criteria.querySelector('[data-criterion="clarte"]')).toHaveTextContent('Clarity8.6 out of 10');
  expect(criteria.querySelector('[data-criterion="methodes"]')).toHaveTextContent('Teaching methodsNot rated yet');
  const answers = screen.getByTestId('answer-shares');
  expect([...answers.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'Punctual67% yes',
    'Helps outside class0% yes',
    'Often on strikeNo answer yet',
    'Often gives punishments33% yes',
    'Keeps the class focused100% yes',
  ]);
  // The class years, only by school level, frozen at the start of the month; a level's mean from 10 reviews.
  const years = screen.getByTestId('year-breakdown');
  expect([...years.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'Collège (6e–3e)7.4/10 · 12 reviews',
    'Lycée (2de–Terminale)6 reviews',
  ]);
  expect(screen.getByTestId('by-year')).toHaveTextContent('As of the start of November 2026');
  expect(await screen.findAllByTestId('review-card')).toHaveLength(3);
  // The cards: the month, never the class year or the day.
  for (const card of screen.getAllByTestId('review-card')) {
    expect(within(card).getByTestId('review-date').textContent).toMatch(/^[A-Z][a-z]+ 2025$/);
    expect(card).not.toHaveTextContent(/Year \d|Terminale|Seconde|today|yesterday|ago/);
  }
});

test('/teacher/:id with too few reviews to break them down by class says so', async () => {
  serve({ '/api/teacher/4': { ...teacher, by_year: [] }, '/api/teacher/4/reviews?limit=50': community });
  renderRoute('/teacher/4', '/teacher/:id');
  expect(await screen.findByTestId('by-year')).toHaveTextContent('Not enough reviews yet to show the classes without singling anyone out.');
  expect(screen.queryByTestId('year-breakdown')).toBeNull();
});

test('/teacher/:id without a rating shows the no-rating message', async () => {
  serve({ '/api/teacher/5': { ...teacher, ...NO_FIGURES, id: 5, rating: null, reviews: 0 }, '/api/teacher/5/reviews?limit=50': [{}] });
  renderRoute('/teacher/5', '/teacher/:id');
  expect(await screen.findByTestId('teacher-rating')).toHaveTextContent('This teacher has no published review yet.');
  expect(await screen.findByTestId('teacher-no-reviews')).toBeInTheDocument();
  expect(screen.queryByTestId('rating-spread')).toBeNull();
});

test('/teacher/:id with a bad id asks nothing', () => {
  const api = serve({});
  renderRoute('/teacher/abc', '/teacher/:id');
  expect(screen.getByRole('alert')).toHaveTextContent('This teacher address is not valid.');
  expect(api.calls).toEqual([]);
});

test('an API failure shows a retry', async () => {
  fakeApi(() => ({ status: 500 }));
  renderRoute('/ranking', '/ranking');
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
