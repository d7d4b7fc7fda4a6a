import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PublicReview, ReviewUserState } from '@pupitre/contracts';
import { resetApiClient } from '@pupitre/api-client';
import { findMissingKeys, initI18n } from '@pupitre/i18n';
import { clearSession, updateSession } from '@pupitre/session';
import {
  isSearchable,
  nextFavourite,
  nextVote,
  ReviewCard,
  reviewUiCatalogues,
  splitCommunity,
  TeacherSearch,
  useGoToAuth,
  useReviewBook,
  useSignedIn,
} from './index';
import { deferred, fakeApi, sampleReview } from './testing';

initI18n('en');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Cards({ reviews, state = {}, hideTeacher }: { reviews: PublicReview[]; state?: ReviewUserState; hideTeacher?: boolean }) {
  const signedIn = useSignedIn();
  const goToAuth = useGoToAuth();
  const book = useReviewBook(state, signedIn, goToAuth);
  return (
    <>
      {reviews.map((r, i) => (
        <ReviewCard key={`${r.id}-${i}`} review={r} book={book} signedIn={signedIn} goToAuth={goToAuth} hideTeacher={hideTeacher} />
      ))}
      <Where />
    </>
  );
}

function renderCards(reviews: PublicReview[], state?: ReviewUserState) {
  return render(
    <MemoryRouter initialEntries={['/communaute']}>
      <Routes>
        <Route path="*" element={<Cards reviews={reviews} state={state} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const review = sampleReview(3) as PublicReview;

beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  resetApiClient();
  jest.useRealTimers();
});

const signIn = () => updateSession({ email: 'reader@example.org', access: 'token' });

test('fr, es and en catalogues have the same keys', () => {
  expect(findMissingKeys(reviewUiCatalogues)).toEqual([]);
});

test('the card shows stars, the month, teacher, subject with its colour, comment, relatable percent and count; never a class year or a day', () => {
  jest.useFakeTimers({ now: Date.parse('2025-03-04T12:00:00.000Z') });
  signIn();
  // An older answer that still carries the class year: the card does not show it.
  renderCards([{ ...review, year: 2 } as typeof review]);
  const card = screen.getByTestId('review-card');
  expect(within(card).getByRole('img', { name: '7 out of 10' })).toBeInTheDocument();
  expect(within(card).getByTestId('review-date')).toHaveTextContent(/^March 2025$/);
  expect(within(card).getByTestId('review-date')).toHaveAttribute('dateTime', '2025-03');
  expect(card).not.toHaveTextContent(/today|yesterday|ago/);
  expect(within(card).getByRole('link', { name: 'Mme Durand' })).toHaveAttribute('href', '/teacher/4');
  expect(within(card).getByTestId('subject-chip')).toHaveAttribute('data-color', '#1e88e5');
  expect(card).not.toHaveTextContent('Seconde');
  expect(card).toHaveTextContent('Review number 3');
  expect(within(card).getByTestId('relatable-percent')).toHaveTextContent('50% find it relatable');
  expect(within(card).getByTestId('relatable-count')).toHaveTextContent('2 votes');
  expect(within(card).getByRole('meter')).toHaveAttribute('aria-valuenow', '50');
});

test("on the teacher's own page the card leaves his name out (the page's heading says it), naming him to screen readers", () => {
  render(
    <MemoryRouter>
      <Cards reviews={[review]} hideTeacher />
    </MemoryRouter>,
  );
  const card = screen.getByTestId('review-card');
  expect(card).not.toHaveTextContent('Mme Durand');
  expect(within(card).queryByRole('heading')).toBeNull();
  expect(card).toHaveAccessibleName(expect.stringContaining('Mme Durand'));
});

test('a review nobody voted on says "no votes yet", not 0 %', () => {
  renderCards([{ ...review, relatable: 0, relatable_count: 0 }]);
  const card = screen.getByTestId('review-card');
  expect(within(card).getByTestId('relatable')).toHaveTextContent('No votes yet');
  expect(within(card).queryByRole('meter')).toBeNull();
  expect(card).not.toHaveTextContent('0%');
});

test('the criteria of a review on demand: each grade with its face, then the yes/no answers', async () => {
  renderCards([{ ...review, grades: { clarte: 8, methodes: 3 }, answers: { ponctuel: true, justice: false } }]);
  const toggle = screen.getByRole('button', { name: 'See the criteria' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByTestId('review-criteria')).toBeNull();
  await userEvent.setup().click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveAccessibleName('Hide the criteria');
  const criteria = screen.getByTestId('review-criteria');
  expect(toggle).toHaveAttribute('aria-controls', criteria.id);
  expect([...criteria.querySelectorAll('dl')[0].querySelectorAll('div')].map((d) => d.textContent)).toEqual([
    'Clarity8/10',
    'Teaching methods3/10',
  ]);
  expect([...criteria.querySelectorAll('dl')[1].querySelectorAll('div')].map((d) => d.textContent)).toEqual(['PunctualYes', 'FairNo']);
  expect(criteria.querySelector('.pp-face--4')).not.toBeNull();
  expect(criteria.querySelector('.pp-face--2')).not.toBeNull();
});

describe('the vote state machine', () => {
  test('clicking the current value removes it, the other value sets it', () => {
    expect(nextVote(null, true)).toEqual({ method: 'POST', value: true });
    expect(nextVote(null, false)).toEqual({ method: 'POST', value: false });
    expect(nextVote(true, true)).toEqual({ method: 'DELETE' });
    expect(nextVote(true, false)).toEqual({ method: 'POST', value: false });
    expect(nextVote(false, false)).toEqual({ method: 'DELETE' });
  });

  test('POST then DELETE, both controls blocked while a request runs, the bar follows the answer', async () => {
    signIn();
    let pending = deferred<{ status: number; body: unknown }>();
    const api = fakeApi(() => pending.promise);
    renderCards([review]);
    const user = userEvent.setup();
    const like = screen.getByTestId('vote-like');
    const dislike = screen.getByTestId('vote-dislike');

    await user.click(like);
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/relatable/3', body: { value: true } }]);
    expect(like).toBeDisabled();
    expect(dislike).toBeDisabled();
    await act(async () => pending.resolve({ status: 200, body: { relatable: 67, relatable_count: 3, vote: true } }));
    expect(like).toBeEnabled();
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('relatable-percent')).toHaveTextContent('67%');
    expect(screen.getByTestId('relatable-count')).toHaveTextContent('3 votes');

    pending = deferred();
    await user.click(like);
    expect(api.calls[1]).toEqual({ method: 'DELETE', url: '/api/relatable/3', body: undefined });
    expect(dislike).toBeDisabled();
    await act(async () => pending.resolve({ status: 200, body: { relatable: 50, relatable_count: 2, vote: null } }));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('relatable-count')).toHaveTextContent('2 votes');
  });

  test('starts from the caller state; the same review shown twice stays in step', async () => {
    signIn();
    const api = fakeApi(() => ({ status: 200, body: { relatable: 0, relatable_count: 1, vote: false } }));
    renderCards([review, review], { '3': [true, false] });
    const likes = screen.getAllByTestId('vote-like');
    expect(likes[0]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(screen.getAllByTestId('vote-dislike')[1]);
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/relatable/3', body: { value: false } }]);
    for (const d of screen.getAllByTestId('vote-dislike')) expect(d).toHaveAttribute('aria-pressed', 'true');
    for (const p of screen.getAllByTestId('relatable-percent')) expect(p).toHaveTextContent('0%');
  });

  test('a failed vote unblocks the controls and keeps the state', async () => {
    signIn();
    fakeApi(() => ({ status: 500 }));
    renderCards([review]);
    await userEvent.setup().click(screen.getByTestId('vote-like'));
    expect(screen.getByTestId('vote-like')).toBeEnabled();
    expect(screen.getByTestId('vote-like')).toHaveAttribute('aria-pressed', 'false');
  });

  test('signed out: voting, favouriting and reporting go to /auth, nothing is sent', async () => {
    const api = fakeApi(() => ({ status: 200 }));
    renderCards([review]);
    const user = userEvent.setup();
    for (const id of ['vote-like', 'vote-dislike', 'favourite', 'report-open']) {
      await user.click(screen.getByTestId(id));
      expect(screen.getByTestId('where')).toHaveTextContent('/auth');
    }
    expect(api.calls).toEqual([]);
  });
});

describe('the favourite toggle', () => {
  test('sends the opposite of the current value and is disabled during the request', async () => {
    expect(nextFavourite(true)).toBe(false);
    expect(nextFavourite(false)).toBe(true);
    signIn();
    let pending = deferred<{ status: number; body: unknown }>();
    const api = fakeApi(() => pending.promise);
    renderCards([review]);
    const user = userEvent.setup();
    const heart = screen.getByTestId('favourite');
    expect(heart).toHaveAccessibleName('Add to my favourites');
    await user.click(heart);
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/rating/3/favorite', body: { value: true } }]);
    expect(heart).toBeDisabled();
    await act(async () => pending.resolve({ status: 200, body: { value: true } }));
    expect(heart).toBeEnabled();
    expect(heart).toHaveAccessibleName('Remove from my favourites');

    pending = deferred();
    await user.click(heart);
    expect(api.calls[1].body).toEqual({ value: false });
    await act(async () => pending.resolve({ status: 200, body: { value: false } }));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the report dialog', () => {
  test('opens on the flag, limits the text to 512, closes on close, sends and closes on submit', async () => {
    signIn();
    const api = fakeApi(() => ({ status: 201, body: { message: 'ok' } }));
    renderCards([review]);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('report-open'));
    const dialog = screen.getByRole('dialog', { name: 'Report a review' });
    expect(within(dialog).getByRole('textbox')).toHaveFocus();
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('maxlength', '512');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([]);

    await user.click(screen.getByTestId('report-open'));
    const box = within(screen.getByRole('dialog')).getByRole('textbox');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send the report' })).toBeDisabled();
    await user.click(box);
    await user.paste('x'.repeat(600));
    expect((box as HTMLTextAreaElement).value).toHaveLength(512);
    expect(screen.getByRole('dialog')).toHaveTextContent('512 / 512 characters');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send the report' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/rating/3/report', body: { content: 'x'.repeat(512) } }]);
    expect(await screen.findByTestId('report-status')).toHaveTextContent('the review has been reported');
  });
});

describe('the teacher search', () => {
  const results = [
    { id: 4, prefix: 'Mme', name: 'Durand', rating: 8.46, subjects: [{ id: 1, name: 'Maths' }] },
    { id: 5, prefix: 'M.', name: 'Duval', rating: null, subjects: [] },
  ];

  test('searchable text: 2 characters or more, not digits only', () => {
    expect(isSearchable('d')).toBe(false);
    expect(isSearchable(' d ')).toBe(false);
    expect(isSearchable('du')).toBe(true);
    expect(isSearchable('42')).toBe(false);
  });

  test('is sent 500 ms after the last keystroke, from 2 characters, and lists prefix, name and rating', async () => {
    jest.useFakeTimers();
    const api = fakeApi(() => ({ status: 200, body: results }));
    const onSelect = jest.fn();
    render(<TeacherSearch onSelect={onSelect} />);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const input = screen.getByRole('searchbox', { name: 'Search for a teacher' });

    await user.type(input, 'd');
    await act(async () => jest.advanceTimersByTime(1000));
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 letters.');

    await user.type(input, 'u');
    await act(async () => jest.advanceTimersByTime(499));
    expect(api.calls).toEqual([]);
    await user.type(input, 'r');
    await act(async () => jest.advanceTimersByTime(499));
    expect(api.calls).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    expect(api.calls).toEqual([{ method: 'GET', url: '/api/teachers?query=dur', body: undefined }]);

    const list = await screen.findByTestId('teacher-results');
    expect([...list.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Mme Durand8.5/10 out of 10', 'M. DuvalNot rated yet']);
    expect(screen.getByRole('status')).toHaveTextContent('2 teachers found');
    await user.click(within(list).getByRole('button', { name: /Durand/ }));
    expect(onSelect).toHaveBeenCalledWith(results[0]);
    expect(screen.queryByTestId('teacher-results')).toBeNull();
  });

  test('digits only are never sent; a failed search says so', async () => {
    jest.useFakeTimers();
    const api = fakeApi(() => ({ status: 400, body: { error: 'bad-request' } }));
    render(<TeacherSearch onSelect={jest.fn()} />);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const input = screen.getByRole('searchbox');
    await user.type(input, '123');
    await act(async () => jest.advanceTimersByTime(600));
    expect(api.calls).toEqual([]);
    await user.clear(input);
    await user.type(input, 'zz');
    await act(async () => jest.advanceTimersByTime(600));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while searching for teachers.');
  });

  test('with a chosen teacher the input is locked and the clear button resets it', async () => {
    const onClear = jest.fn();
    render(<TeacherSearch onSelect={jest.fn()} selected={{ prefix: 'Mme', name: 'Durand' }} onClear={onClear} />);
    const input = screen.getByRole('searchbox');
    expect(input).toHaveValue('Mme Durand');
    expect(input).toHaveAttribute('readonly');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change teacher' }));
    expect(onClear).toHaveBeenCalled();
  });
});

test('splitCommunity: categories, then the caller state', () => {
  const body = [{ title: 'recent', reviews: [review] }, { title: 'highest', reviews: [] }, { '3': [true, true] }];
  expect(splitCommunity(body)).toEqual({ categories: body.slice(0, 2), state: { '3': [true, true] } });
  expect(splitCommunity(null)).toEqual({ categories: [], state: {} });
});
