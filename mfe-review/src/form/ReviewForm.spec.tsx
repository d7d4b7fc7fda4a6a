import { preloadScreens } from '@pupitre/ui';
import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { REVIEW_GRADE_KEYS, type ReviewEditView } from '@pupitre/contracts';
import { resetApiClient } from '@pupitre/api-client';
import { initI18n } from '@pupitre/i18n';
import { clearSession, updateSession } from '@pupitre/session';
import { deferred, fakeApi, type FakeAnswer, type FakeCall, NO_FIGURES } from '@pupitre/review-ui/src/testing';
import routes from '../routes';
import { checkValues, emptyValues, toPayload, valuesFromEditView, withTeacher } from './model';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(() => preloadScreens(routes));

initI18n('en');
// A big form in jsdom: user-event journeys through it take a few seconds.
jest.setTimeout(20_000);

const durand = {
  id: 4,
  prefix: 'Mme',
  name: 'Durand',
  rating: 7,
  reviews: 3,
  ...NO_FIGURES,
  subjects: [{ id: 1, name: 'Maths', color: '#ff0000' }],
};
const lefevre = {
  id: 5,
  prefix: 'M.',
  name: 'Lefèvre',
  rating: null,
  reviews: 0,
  ...NO_FIGURES,
  subjects: [
    { id: 1, name: 'Maths', color: '#ff0000' },
    { id: 2, name: 'NSI', color: '#00ff00' },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(url: string, pattern: '/publication' | '/review/:id/edit') {
  const Screen = routes[pattern];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<Screen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Teachers and subjects answer; `write` answers POST/PUT. */
function serve(
  write: (call: FakeCall) => FakeAnswer = () => ({ status: 201, body: { message: 'created', id: 77 } }),
  extra: Record<string, unknown> = {},
) {
  const answers: Record<string, unknown> = { '/api/teacher/4': durand, '/api/teacher/5': lefevre, '/api/subjects': [], ...extra };
  return fakeApi((call) =>
    call.method === 'GET' ? (call.url in answers ? { status: 200, body: answers[call.url] } : { status: 404 }) : write(call),
  );
}

async function answerGrades(user: UserEvent, face = 3) {
  // (A CSS query: role queries over the 66 radios are slow in jsdom.)
  for (const key of REVIEW_GRADE_KEYS)
    await user.click(screen.getByTestId(`grade-${key}`).querySelector<HTMLInputElement>(`input[value="${face}"]`)!);
}

const submit = (user: UserEvent) => user.click(screen.getByTestId('submit'));
const errorKey = () => screen.getByTestId('form-error').getAttribute('data-key');

beforeEach(() => {
  localStorage.clear();
  clearSession();
  updateSession({ email: 'author@example.org', access: 'A' });
});
afterEach(() => {
  resetApiClient();
  jest.useRealTimers();
});

describe('the model', () => {
  test('a single subject is preselected, several are not; clearing the teacher resets the subject', () => {
    expect(withTeacher(emptyValues(), durand).subject).toBe(1);
    expect(withTeacher(emptyValues(), lefevre).subject).toBe(-1);
    expect(withTeacher({ ...emptyValues(), subject: 2 }, lefevre).subject).toBe(2);
    expect(withTeacher(withTeacher(emptyValues(), durand), null)).toMatchObject({ teacher: null, subject: -1 });
  });

  test('grades and overall are sent ×2; not chosen is -1', () => {
    const values = { ...withTeacher(emptyValues(), durand), year: 3 };
    values.grades = Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 8])) as typeof values.grades;
    expect(toPayload(values)).toMatchObject({
      teacher: 4,
      subject: 1,
      year: 3,
      tot_rating: 5,
      clarte: 8,
      ponctuel: false,
      text_rating: '',
    });
    expect(toPayload(emptyValues())).toMatchObject({ teacher: -1, subject: -1, year: -1, clarte: -1 });
    expect(checkValues(values).ok).toBe(true);
  });

  test('the edit view fills the form', () => {
    const view: ReviewEditView = {
      id: 9,
      teacher: 4,
      subject: 1,
      year: 2,
      grades: { ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 6])), ponctuel: true, aide: false, greves: false, punitions: true },
      tot_rating: 7,
      text_rating: 'Good',
      is_creator: true,
      status: 'published',
    };
    const values = valuesFromEditView(view, durand);
    expect(values).toMatchObject({ subject: 1, year: 2, overall: 3.5, text: 'Good', flags: { ponctuel: true, punitions: true } });
    expect(values.grades.clarte).toBe(6);
  });

  test('a review an older client wrote (justice and distraction yes/no, no methodes or ambiance) asks for the criteria it lacks', () => {
    const grades: ReviewEditView['grades'] = {
      ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 8])),
      justice: true,
      distraction: false,
      ponctuel: true,
    };
    delete grades.methodes;
    delete grades.ambiance;
    const view: ReviewEditView = {
      id: 9,
      teacher: 4,
      subject: 1,
      year: 2,
      grades,
      tot_rating: 7,
      text_rating: '',
      is_creator: true,
      status: 'published',
    };
    const values = valuesFromEditView(view, durand);
    expect(values.grades).toMatchObject({ clarte: 8, methodes: -1, justice: -1, ambiance: -1, distraction: -1 });
    expect(checkValues(values)).toEqual({ ok: false, error: 'incorrect-grade', field: 'methodes' });
  });
});

describe('/publication', () => {
  test('defaults: overall 2.5 stars, no subject before a teacher, years Terminale … Sixième, no face chosen, answers "no"', async () => {
    serve();
    renderAt('/publication', '/publication');
    expect(screen.getByTestId('overall')).toHaveValue('2.5');
    expect(screen.getByTestId('overall')).toHaveAttribute('max', '5');
    expect(screen.getByTestId('overall')).toHaveAttribute('step', '0.5');
    expect(screen.getByTestId('overall-value')).toHaveTextContent('2.5 out of 5 stars: 5/10');
    expect(screen.getByTestId('subject-select')).toBeDisabled();
    expect(screen.getByTestId('subject-select')).toHaveTextContent('Choose a teacher first');
    const years = [...(screen.getByTestId('year-select') as HTMLSelectElement).options].map((o) => o.text);
    expect(years).toEqual([
      'Choose...',
      'Year 13 (Terminale)',
      'Year 12 (Première)',
      'Year 11 (Seconde)',
      'Year 10 (Troisième)',
      'Year 9 (Quatrième)',
      'Year 8 (Cinquième)',
      'Year 7 (Sixième)',
    ]);
    expect(screen.getAllByRole('radio', { checked: true })).toHaveLength(4);
    expect(within(screen.getByTestId('flag-ponctuel')).getByRole('radio', { name: 'No' })).toBeChecked();
  });

  test('picking a teacher locks the input and preselects his only subject; clear resets the teacher and the subjects', async () => {
    jest.useFakeTimers();
    serve(undefined, {
      '/api/teachers?query=dur': [{ id: 4, prefix: 'Mme', name: 'Durand', rating: 7, subjects: [{ id: 1, name: 'Maths' }] }],
    });
    renderAt('/publication', '/publication');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Teacher' }), 'dur');
    await act(async () => jest.advanceTimersByTime(500));
    await user.click(await screen.findByRole('button', { name: /Mme Durand/ }));
    const input = screen.getByRole('searchbox', { name: 'Teacher' });
    expect(input).toHaveValue('Mme Durand');
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByTestId('subject-select')).toBeEnabled();
    expect(screen.getByTestId('subject-select')).toHaveValue('1');

    await user.click(screen.getByTestId('teacher-clear'));
    expect(screen.getByRole('searchbox', { name: 'Teacher' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Teacher' })).not.toHaveAttribute('readonly');
    expect(screen.getByTestId('subject-select')).toBeDisabled();
    expect(screen.getByTestId('subject-select')).toHaveValue('-1');
  });

  test('?teacher={id} preselects him; several subjects are offered without a choice', async () => {
    serve();
    renderAt('/publication?teacher=5', '/publication');
    expect(await screen.findByTestId('teacher-clear')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Teacher' })).toHaveValue('M. Lefèvre');
    expect([...(screen.getByTestId('subject-select') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose...',
      'Maths',
      'NSI',
    ]);
    expect(screen.getByTestId('subject-select')).toHaveValue('-1');
  });

  test('every client-side error key, in the order of the form, each focusing its field', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    renderAt('/publication', '/publication');
    await submit(user);
    expect(errorKey()).toBe('wrong-teacher');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a teacher from the list.');
    expect(screen.getByRole('searchbox', { name: 'Teacher' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('wrong-subject, wrong-year, incorrect-grade, text-rating-forbidden-characters (live check and the 256 limit), then the payload ×2', async () => {
    let pending = deferred<{ status: number; body: unknown }>();
    const api = serve(() => pending.promise);
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=5', '/publication');
    await screen.findByTestId('teacher-clear');

    await submit(user);
    expect(errorKey()).toBe('wrong-subject');
    await user.selectOptions(screen.getByTestId('subject-select'), 'NSI');
    expect(screen.queryByTestId('form-error')).toBeNull();
    await submit(user);
    expect(errorKey()).toBe('wrong-year');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 11 (Seconde)');
    await submit(user);
    expect(errorKey()).toBe('incorrect-grade');
    expect(screen.getByTestId('grade-clarte')).toHaveAttribute('aria-invalid', 'true');
    // The message sits in the criterion at fault, which names it and gets the focus.
    expect(screen.getByTestId('grade-clarte')).toContainElement(screen.getByTestId('form-error'));
    expect(within(screen.getByTestId('grade-clarte')).getByRole('radiogroup')).toHaveAccessibleDescription(
      /Choose a face for this criterion/,
    );
    await act(async () => new Promise(requestAnimationFrame));
    expect(screen.getByTestId('grade-clarte')).toHaveFocus();
    await answerGrades(user, 4);

    const comment = screen.getByTestId('comment');
    await user.click(comment);
    await user.paste("C'est très bien @");
    expect(screen.getByTestId('comment-check')).toHaveTextContent('Not allowed: è @');
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    await submit(user);
    expect(errorKey()).toBe('text-rating-forbidden-characters');
    await user.clear(comment);
    await user.click(comment);
    await user.paste('a'.repeat(257));
    expect(screen.getByTestId('comment-check')).toHaveTextContent('257 / 256 characters. Too long');
    await submit(user);
    expect(errorKey()).toBe('text-rating-forbidden-characters');
    await user.clear(comment);
    await user.click(comment);
    await user.paste("Great teacher, clear and fair. Isn't she?");
    expect(screen.getByTestId('comment-check')).toHaveTextContent('41 / 256 characters.');

    fireRange(screen.getByTestId('overall'), '4.5');
    await user.click(within(screen.getByTestId('flag-aide')).getByRole('radio', { name: 'Yes' }));
    await submit(user);
    expect(screen.getByTestId('submit')).toBeDisabled();
    expect(screen.getByTestId('submit')).toHaveTextContent('Sending...');
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ url: '/api/rating/0' });
    expect(post?.body).toEqual({
      teacher: 5,
      subject: 2,
      year: 2,
      tot_rating: 9,
      ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 8])),
      ponctuel: false,
      aide: true,
      greves: false,
      punitions: false,
      text_rating: "Great teacher, clear and fair. Isn't she?",
    });
    await act(async () => pending.resolve({ status: 201, body: { message: 'created', id: 77 } }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/publication/complete?id=77');
    pending = deferred();
  });

  test.each([
    [409, { error: 'duplicate-review' }, 'duplicate-review', 'You have already reviewed this teacher'],
    [400, { error: 'incorrect-overall' }, 'incorrect-overall', 'The overall rating must be between 0 and 10.'],
    [400, { error: 'wrong-teacher' }, 'wrong-teacher', 'Choose a teacher from the list.'],
    [400, { error: 'incorrect-grade' }, 'incorrect-grade', 'Choose a face for this criterion'],
    [400, { error: 'bad-request' }, 'bad-request', 'please check the form'],
    [500, undefined, 'fatal', 'An unknown error occurred'],
  ])('the service answering %s %j shows %s and re-enables the button', async (status, body, key, text) => {
    const api = serve(() => ({ status, body }));
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=4', '/publication');
    await screen.findByTestId('teacher-clear');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 13 (Terminale)');
    await answerGrades(user);
    await submit(user);
    expect(await screen.findByTestId('form-error')).toHaveAttribute('data-key', key);
    expect(screen.getByTestId('form-error')).toHaveTextContent(text);
    expect(screen.getByTestId('submit')).toBeEnabled();
    // One message, the form's own: no page popup beside it (a 409 used to add "similar content").
    expect(api.notify).not.toHaveBeenCalled();
  });
});

describe('the nudge before a comment identifies someone', () => {
  test('warns while writing, asks again on submit without blocking: edit the comment, or publish anyway', async () => {
    const api = serve();
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=4', '/publication');
    await screen.findByTestId('teacher-clear');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 9 (Quatrième)');
    await answerGrades(user);
    const comment = screen.getByTestId('comment');
    await user.click(comment);
    await user.paste('Clear lessons');
    expect(screen.queryByTestId('comment-nudge')).toBeNull();

    // While writing: what was found, and what it means; the comment is described by it.
    await user.paste(', my son and Lucas in 4eme B agree');
    const nudge = screen.getByTestId('comment-nudge');
    expect(nudge).toHaveAttribute('role', 'status');
    expect(nudge).toHaveTextContent('This comment may identify someone');
    expect(nudge).toHaveTextContent('a class group: “4eme B”');
    expect(nudge).toHaveTextContent('a first name: “Lucas”');
    expect(nudge).toHaveTextContent('a family tie: “my son”');
    expect(nudge).toHaveTextContent('a moderator reads it before it is public');
    expect(comment).toHaveAccessibleDescription(/This comment may identify someone/);
    expect(screen.queryByTestId('nudge-publish')).toBeNull();

    // On submit: asked again, nothing sent; "edit" goes back to the comment.
    await submit(user);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('comment-nudge')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('comment-nudge')).toHaveTextContent('Before you publish');
    await act(async () => new Promise(requestAnimationFrame));
    expect(screen.getByTestId('comment-nudge')).toHaveFocus();
    await user.click(screen.getByTestId('nudge-edit'));
    expect(comment).toHaveFocus();
    expect(screen.queryByTestId('nudge-publish')).toBeNull();

    // Asked again, the author publishes anyway: the review is sent as written.
    await submit(user);
    await user.click(screen.getByTestId('nudge-publish'));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ text_rating: 'Clear lessons, my son and Lucas in 4eme B agree' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/publication/complete?id=77');
  });

  test("says what tells the author's class, a bare class year or a subject taught in one class only, and asks once", async () => {
    const philosophy = { ...durand, id: 6, subjects: [{ id: 3, name: 'Philosophie', color: '#0000ff' }] };
    const api = serve(undefined, { '/api/teacher/6': philosophy });
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=6', '/publication');
    await screen.findByTestId('teacher-clear');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 13 (Terminale)');
    await answerGrades(user);
    await user.click(screen.getByTestId('comment'));
    await user.paste('In Year 13 the pace is high, the lessons are clear');
    const nudge = screen.getByTestId('comment-nudge');
    expect(nudge).toHaveTextContent('This review tells your class');
    expect(nudge).toHaveTextContent('a subject taught in one class only: “Philosophie”');
    expect(nudge).toHaveTextContent('a class year: “Year 13”');
    expect(nudge).toHaveTextContent('whoever reads this knows which class you are in');
    // Asked once on submit, then sent as written when the author publishes anyway.
    await submit(user);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.getByTestId('comment-nudge')).toHaveTextContent('Before you publish: this review tells your class');
    await user.click(screen.getByTestId('nudge-publish'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      text_rating: 'In Year 13 the pace is high, the lessons are clear',
    });
  });

  test('an ordinary comment is sent at once, with no nudge', async () => {
    const api = serve();
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=4', '/publication');
    await screen.findByTestId('teacher-clear');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 9 (Quatrième)');
    await answerGrades(user);
    await user.click(screen.getByTestId('comment'));
    await user.paste('Mme Durand explains clearly, tests are fair');
    await submit(user);
    expect(screen.queryByTestId('comment-nudge')).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(true);
  });
});

describe('signed out, nothing is lost', () => {
  test('the whole form can be filled; publishing keeps it and goes to sign in, coming back to it', async () => {
    clearSession();
    const api = serve();
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderAt('/publication?teacher=4', '/publication');
    expect(screen.getByTestId('signed-out-notice')).toHaveTextContent('we keep it on this device while you sign in');
    await screen.findByTestId('teacher-clear');
    expect(screen.getByTestId('submit')).toHaveTextContent('Sign in to publish');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 12 (Première)');
    await answerGrades(user, 2);
    await user.click(screen.getByTestId('comment'));
    await user.paste('Kind and clear');
    await submit(user);
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth?form=login&next=%2Fpublication');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    unmount();

    // Back after signing in: the review is there as it was left, and publishing sends it.
    updateSession({ email: 'author@example.org', access: 'A' });
    renderAt('/publication', '/publication');
    expect(screen.getByTestId('draft-restored')).toHaveTextContent('Here is the review you started');
    expect(screen.getByRole('searchbox', { name: 'Teacher' })).toHaveValue('Mme Durand');
    expect(screen.getByTestId('year-select')).toHaveValue('1');
    expect(screen.getByTestId('comment')).toHaveValue('Kind and clear');
    expect(screen.getByTestId('submit')).toHaveTextContent('Publish the review');
    await submit(user);
    expect(await screen.findByTestId('where')).toHaveTextContent('/publication/complete?id=77');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      teacher: 4,
      year: 1,
      clarte: 4,
      text_rating: 'Kind and clear',
    });
    // Published: the draft is gone.
    expect(localStorage.getItem('pupitre:review-draft')).toBeNull();
  });

  test('a session that ended while writing sends to sign in with the draft kept', async () => {
    serve(() => ({ status: 401, body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' } }));
    const user = userEvent.setup({ delay: null });
    renderAt('/publication?teacher=4', '/publication');
    await screen.findByTestId('teacher-clear');
    await user.selectOptions(screen.getByTestId('year-select'), 'Year 13 (Terminale)');
    await answerGrades(user);
    await submit(user);
    expect(await screen.findByTestId('where')).toHaveTextContent('/auth?form=login&next=%2Fpublication');
    expect(JSON.parse(localStorage.getItem('pupitre:review-draft')!).values).toMatchObject({ year: 0, teacher: { id: 4 } });
  });

  test('"start over" forgets the draft', async () => {
    serve();
    localStorage.setItem(
      'pupitre:review-draft',
      JSON.stringify({ at: Date.now(), values: { ...withTeacher(emptyValues(), durand), year: 3 } }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/publication', '/publication');
    expect(screen.getByTestId('year-select')).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByTestId('year-select')).toHaveValue('-1');
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    expect(localStorage.getItem('pupitre:review-draft')).toBeNull();
  });
});

describe('/review/:id/edit', () => {
  const view = {
    id: 9,
    teacher: 4,
    subject: 1,
    year: 2,
    grades: { ...Object.fromEntries(REVIEW_GRADE_KEYS.map((k) => [k, 6])), ponctuel: true, aide: false, greves: false, punitions: false },
    tot_rating: 7,
    text_rating: 'Good',
    is_creator: true,
    status: 'published',
  };

  test('is filled with the review; unchanged values are refused with ReviewFormIdentical; a change is PUT', async () => {
    const api = serve(() => ({ status: 200, body: { message: 'modified', id: 9 } }), { '/api/rating/9': view });
    const user = userEvent.setup({ delay: null });
    renderAt('/review/9/edit', '/review/:id/edit');
    expect(await screen.findByTestId('teacher-fixed')).toHaveTextContent('Mme Durand');
    expect(screen.getByTestId('subject-select')).toHaveValue('1');
    expect(screen.getByTestId('year-select')).toHaveValue('2');
    expect(screen.getByTestId('overall')).toHaveValue('3.5');
    expect(screen.getByTestId('comment')).toHaveValue('Good');
    expect(within(screen.getByTestId('grade-clarte')).getByRole('radio', { name: '3 – Good' })).toBeChecked();
    expect(within(screen.getByTestId('flag-ponctuel')).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByTestId('revalidation-note')).toHaveTextContent('validated again');

    await submit(user);
    expect(errorKey()).toBe('ReviewFormIdentical');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Values have not been changed.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(screen.getByTestId('comment'), ' and kind');
    await submit(user);
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      url: '/api/rating/9',
      body: expect.objectContaining({ text_rating: 'Good and kind', tot_rating: 7, clarte: 6 }),
    });
    const saved = await screen.findByTestId('edit-saved');
    expect(saved).toHaveTextContent('Review saved');
    // Said once: no second title, note or back link around it.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByText(/validated again/)).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: 'Back to my reviews' })).toHaveLength(1);
  });

  test('signed out, it goes to sign in and back here, asking nothing', () => {
    clearSession();
    const api = serve();
    renderAt('/review/9/edit', '/review/:id/edit');
    expect(screen.getByTestId('where')).toHaveTextContent('/auth?form=login&next=%2Freview%2F9%2Fedit');
    expect(api.calls).toEqual([]);
  });

  test('the service refusing an identical edit shows the same message', async () => {
    serve(() => ({ status: 400, body: { error: 'ReviewFormIdentical' } }), {
      '/api/rating/9': { ...view, grades: { ...view.grades, clarte: 7 } },
    });
    const user = userEvent.setup({ delay: null });
    renderAt('/review/9/edit', '/review/:id/edit');
    await screen.findByTestId('teacher-fixed');
    await user.click(within(screen.getByTestId('grade-clarte')).getByRole('radio', { name: '4 – Very good' }));
    await submit(user);
    expect(await screen.findByTestId('form-error')).toHaveAttribute('data-key', 'ReviewFormIdentical');
  });
});

function fireRange(input: HTMLElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
