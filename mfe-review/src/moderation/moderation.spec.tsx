import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { KEPT_DEFAULT_REASON, LEGACY_MODERATOR_REASON, MODERATION_ACTIONS, moderationReasonKeys } from '@pupitre/contracts';
import { initI18n } from '@pupitre/i18n';
import { clearSession, updateSession } from '@pupitre/session';
import { fakeApi } from '@pupitre/review-ui/src/testing';
import { catalogues } from '../i18n';
import '../routes';
import { canModerate, KNOWN_REASONS, sessionHasSecondFactor, sessionRoles } from './api';
import { ModerationPage } from './ModerationPage';

initI18n('en');

/** An unsigned token carrying `roles` (the page only reads it to choose what to show). */
const token = (roles: string[], amr = roles.some((r) => r === 'moderator' || r === 'admin') ? ['mfa', 'otp'] : undefined) =>
  `x.${btoa(JSON.stringify({ sub: 'm1', roles, amr })).replace(/=+$/, '')}.y`;

const item = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  author_key: `author-of-${id}`,
  status: 'published',
  reason: null,
  hidden: false,
  reports: [{ content: `Unfair ${id}`, weight: 1, created_at: '2026-11-01T10:00:00.000Z' }],
  teacher: { id: 4, prefix: 'Mme', name: 'Durand' },
  subject: { id: 1, name: 'Maths' },
  tot_rating: 40,
  text_rating: `Review text ${id}`,
  created_at: '2026-10-01T00:00:00.000Z',
  ...patch,
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <ModerationPage />
    </MemoryRouter>,
  );

beforeEach(() => clearSession());
afterEach(() => resetApiClient());

test('the reasons the console may show are the contract’s, and every reason and action has a name in every language', () => {
  expect([...KNOWN_REASONS].sort()).toEqual([...new Set([...moderationReasonKeys, KEPT_DEFAULT_REASON, LEGACY_MODERATOR_REASON])].sort());
  for (const lang of ['fr', 'es', 'en'] as const) {
    for (const key of KNOWN_REASONS) expect(catalogues[lang].moderation.reasons[key]).toBeTruthy();
    for (const key of MODERATION_ACTIONS) expect(catalogues[lang].moderation.actions[key]).toBeTruthy();
  }
});

test('roles come from the access token; only moderators and admins get the console', () => {
  expect(sessionRoles(token(['user', 'moderator']))).toEqual(['user', 'moderator']);
  expect(sessionRoles('not-a-token')).toEqual([]);
  expect(canModerate(['user', 'moderator'])).toBe(true);
  expect(canModerate(['admin'])).toBe(true);
  expect(canModerate(['user', 'teacher'])).toBe(false);
});

test('a signed-in user without the role is told the console is for moderators, and nothing is asked', () => {
  const api = fakeApi(() => ({ status: 500 }));
  updateSession({ email: 'a@b.c', access: token(['user']) });
  renderPage();
  expect(screen.getByTestId('moderation-forbidden')).toHaveTextContent('This console is for moderators.');
  expect(api.calls).toEqual([]);
});

test('a moderator whose session was opened without the second factor is sent to set it up, and nothing is asked', () => {
  const api = fakeApi(() => ({ status: 500 }));
  updateSession({ email: 'm@b.c', access: token(['user', 'moderator'], []) });
  renderPage();
  expect(screen.getByTestId('moderation-second-factor')).toHaveTextContent('two-step verification');
  expect(screen.getByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute('href', '/settings');
  expect(sessionHasSecondFactor(token(['moderator']))).toBe(true);
  expect(api.calls).toEqual([]);
});

test('the queue: the check that fired, the reports without identities; keyboard j/k; a removal needs a reason, and "other" needs words', async () => {
  const user = userEvent.setup();
  let queue = [item(7, { status: 'held', reason: 'personal-data', reports: [] }), item(9, { hidden: true })];
  const api = fakeApi((call) => {
    if (call.url === '/api/moderation/queue') return { status: 200, body: queue };
    if (call.method === 'POST' && call.url === '/api/moderation/reviews/9/reject') {
      queue = queue.filter((i) => i.id !== 9);
      return { status: 200, body: { id: 9, status: 'rejected', visible: false } };
    }
    if (call.method === 'POST' && call.url === '/api/moderation/reviews/7/approve')
      return { status: 409, body: { error: 'invalid-transition' } };
    return { status: 502 };
  });
  updateSession({ email: 'm@b.c', access: token(['user', 'moderator']) });
  renderPage();
  const detail = await screen.findByTestId('queue-detail');
  expect(detail).toHaveAttribute('data-review', '7');
  expect(screen.getByTestId('why')).toHaveTextContent('Held by the automatic checks: personal data.');
  expect(screen.getAllByTestId('queue-item')).toHaveLength(2);

  await user.keyboard('j');
  expect(screen.getByTestId('queue-detail')).toHaveAttribute('data-review', '9');
  expect(screen.getByTestId('why')).toHaveTextContent('its reports weigh enough');
  expect(within(screen.getByTestId('reports')).getByText('Unfair 9')).toBeInTheDocument();

  await user.click(screen.getByTestId('reject'));
  expect(screen.getByTestId('decision-error')).toHaveTextContent('Choose a reason for the removal.');
  await user.selectOptions(screen.getByTestId('reject-reason'), 'other');
  await user.click(screen.getByTestId('reject'));
  expect(screen.getByTestId('decision-error')).toHaveTextContent('Explain the reason in your own words.');
  await user.type(screen.getByTestId('decision-text'), 'Speaks of the canteen.');
  await user.click(screen.getByTestId('reject'));
  await waitFor(() => expect(screen.getByTestId('moderation-notice')).toHaveTextContent('Review no. 9 removed'));
  expect(api.calls.find((c) => c.method === 'POST')).toEqual({
    method: 'POST',
    url: '/api/moderation/reviews/9/reject',
    body: { reason: 'other', text: 'Speaks of the canteen.' },
  });
  await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(1));

  // "a" approves the selected review; decided meanwhile elsewhere, the screen says so.
  await user.keyboard('k');
  await user.keyboard('a');
  await waitFor(() => expect(screen.getByTestId('decision-error')).toHaveTextContent('Someone decided this review meanwhile'));
});

test('a review held for identifying details: what the check found, the month, the opaque author key and the queue items that share it; never a class year', async () => {
  fakeApi((call) =>
    call.url === '/api/moderation/queue'
      ? {
          status: 200,
          body: [
            item(11, {
              status: 'held',
              reason: 'identifying-details',
              reports: [],
              text_rating: 'Ma fille en 4eme B le dit',
              author_key: 'k7Yx2' + 'a'.repeat(6),
            }),
            item(12, { author_key: 'k7Yx2' + 'a'.repeat(6) }),
            item(13),
          ],
        }
      : { status: 502 },
  );
  updateSession({ email: 'm@b.c', access: token(['moderator']) });
  renderPage();
  const detail = await screen.findByTestId('queue-detail');
  expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent(/^Review of Mme Durand \(Maths\)$/);
  expect(screen.getByTestId('why')).toHaveTextContent('Held by the automatic checks: details that may identify someone.');
  expect(screen.getByTestId('identifying-found')).toHaveTextContent('The check found: a class group “4eme B”, a family tie “ma fille”.');
  expect(detail).toHaveTextContent('written in October 2026');
  expect(screen.getByTestId('author-key')).toHaveTextContent(
    'Author key k7Yx2aaaaaa · also on 1 other review of this teacher in the queue',
  );
  await userEvent.setup().keyboard('j');
  expect(screen.getByTestId('author-key')).toHaveTextContent('also on 1 other review');
  await userEvent.setup().keyboard('j');
  expect(screen.getByTestId('author-key')).toHaveTextContent('Author key author-of-13 · on no other review of this teacher in the queue');
});

test('decided: the latest removal of a review can be undone', async () => {
  const user = userEvent.setup();
  const action = (reviewId: number, name: string, at: string) => ({
    target: 'review',
    reviewId,
    teacherId: 4,
    action: name,
    reason: name === 'reject' ? 'threat' : null,
    text: null,
    moderatorId: 'm1',
    before: { status: 'published' },
    after: { status: name === 'reject' ? 'rejected' : 'published' },
    at,
  });
  const api = fakeApi((call) => {
    if (call.url === '/api/moderation/queue') return { status: 200, body: [] };
    if (call.url === '/api/moderation/actions')
      return {
        status: 200,
        body: [
          action(3, 'reject', '2026-11-02T10:00:00.000Z'),
          action(5, 'restore', '2026-11-02T09:00:00.000Z'),
          action(5, 'reject', '2026-11-01T10:00:00.000Z'),
        ],
      };
    if (call.url === '/api/moderation/reviews/3/restore') return { status: 200, body: { id: 3, status: 'published', visible: true } };
    return { status: 502 };
  });
  updateSession({ email: 'm@b.c', access: token(['admin']) });
  renderPage();
  expect(await screen.findByTestId('queue-empty')).toBeInTheDocument();
  await user.click(screen.getByTestId('tab-decided'));
  await screen.findByTestId('decided');
  expect(screen.getAllByTestId('restore')).toHaveLength(1);
  await user.click(screen.getByTestId('restore'));
  await waitFor(() => expect(screen.getByTestId('moderation-notice')).toHaveTextContent('Review no. 3 restored.'));
  expect(api.calls.some((c) => c.method === 'POST' && c.url === '/api/moderation/reviews/3/restore')).toBe(true);
});

test('a teacher’s held reply: the check that fired is preselected; removing it for "other" needs words, which the teacher reads', async () => {
  const user = userEvent.setup();
  const reply = (reason: string | null) => ({
    text: 'I will see you after class.',
    status: 'held',
    reason,
    reason_text: null,
    created_at: '2026-11-03T10:00:00.000Z',
  });
  let queue = [item(11, { reply: reply('threat') }), item(12, { reply: reply('text-rating-forbidden-characters') })];
  const api = fakeApi((call) => {
    if (call.url === '/api/moderation/queue') return { status: 200, body: queue };
    if (call.url === '/api/moderation/objections') return { status: 200, body: [] };
    const decided = /^\/api\/moderation\/reviews\/(\d+)\/reply\/(approve|reject)$/.exec(call.url);
    if (call.method === 'POST' && decided) {
      queue = queue.filter((i) => i.id !== Number(decided[1]));
      return { status: 200, body: { id: Number(decided[1]), reply: reply(null) } };
    }
    return { status: 502 };
  });
  updateSession({ email: 'm@b.c', access: token(['user', 'moderator']) });
  renderPage();
  // The teachers tab says how many decisions wait there, and follows them.
  await waitFor(() => expect(screen.getByTestId('tab-teachers')).toHaveTextContent('Teachers (2 waiting)'));
  await user.click(screen.getByTestId('tab-teachers'));
  const [first, second] = await screen.findAllByTestId('held-reply');
  expect(within(first).getByTestId('reply-why')).toHaveTextContent('Held by the automatic checks: threat.');
  // The review it answers beside it: the moderator judges the reply in its context.
  expect(within(first).getByTestId('replied-review')).toHaveTextContent('Review text 11');
  expect(within(first).getByTestId('held-reply-text')).toHaveTextContent('I will see you after class.');
  expect(within(first).getByTestId('reply-reject-reason')).toHaveValue('threat');
  // A check that is not a moderator's reason leaves the choice open.
  expect(within(second).getByTestId('reply-reject-reason')).toHaveValue('');
  await user.click(within(second).getByTestId('reject-reply'));
  expect(within(second).getByTestId('reply-decision-error')).toHaveTextContent('Choose a reason for the removal.');
  await user.selectOptions(within(second).getByTestId('reply-reject-reason'), 'other');
  await user.click(within(second).getByTestId('reject-reply'));
  expect(within(second).getByTestId('reply-decision-error')).toHaveTextContent('Explain the reason in your own words.');
  await user.type(within(second).getByTestId('reply-decision-text'), 'Not about the review.');
  await user.click(within(second).getByTestId('reject-reply'));
  await waitFor(() => expect(screen.getByTestId('teachers-notice')).toHaveTextContent('Reply removed.'));
  expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
    { method: 'POST', url: '/api/moderation/reviews/12/reply/reject', body: { reason: 'other', text: 'Not about the review.' } },
  ]);
  await waitFor(() => expect(screen.getAllByTestId('held-reply')).toHaveLength(1));
  await waitFor(() => expect(screen.getByTestId('tab-teachers')).toHaveTextContent('Teachers (1 waiting)'));

  await user.click(within(screen.getByTestId('held-reply')).getByTestId('reject-reply'));
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  expect(api.calls.filter((c) => c.method === 'POST')[1]).toEqual({
    method: 'POST',
    url: '/api/moderation/reviews/11/reply/reject',
    body: { reason: 'threat' },
  });
});

test('a review queued only for its teacher’s held reply is left to the teachers tab; one also held itself says the reply waits there', async () => {
  const heldReply = {
    text: 'See you after class.',
    status: 'held',
    reason: 'threat',
    reason_text: null,
    created_at: '2026-11-03T10:00:00.000Z',
  };
  fakeApi((call) => {
    if (call.url === '/api/moderation/queue')
      return {
        status: 200,
        body: [
          item(20, { reports: [], reply: heldReply }),
          item(21, { status: 'held', reason: 'personal-data', reports: [], reply: heldReply }),
        ],
      };
    return { status: 502 };
  });
  updateSession({ email: 'm@b.c', access: token(['user', 'moderator']) });
  renderPage();
  const detail = await screen.findByTestId('queue-detail');
  expect(screen.getAllByTestId('queue-item')).toHaveLength(1);
  expect(detail).toHaveAttribute('data-review', '21');
  expect(screen.getByTestId('reply-held-elsewhere')).toHaveTextContent('Its teacher’s reply is held too: decide it in the Teachers tab.');
});

test("the publication's health: the failing tasks the worker retries are shown above the tabs, nothing when there are none", async () => {
  let failing = 1;
  fakeApi((call) => {
    if (call.url === '/api/moderation/queue') return { status: 200, body: [] };
    if (call.url === '/api/moderation/health')
      return {
        status: 200,
        body: {
          failingTasks: failing,
          tasks: failing
            ? [{ reviewId: 42, kind: 'review', attempts: 3, lastError: 'text.trim is not a function', retryAt: '2026-11-28T10:00:00.000Z' }]
            : [],
        },
      };
    return { status: 502 };
  });
  updateSession({ email: 'm@b.c', access: token(['user', 'moderator']) });
  const first = renderPage();
  const notice = await screen.findByTestId('publication-health');
  expect(notice).toHaveTextContent('1 publication task keeps failing');
  expect(notice).toHaveTextContent('Review #42, 3 attempts');
  expect(notice).not.toHaveTextContent('text.trim'); // no developer's message in the console
  first.unmount();
  failing = 0;
  renderPage();
  await screen.findByTestId('moderation');
  await waitFor(() => expect(screen.queryByTestId('publication-health')).not.toBeInTheDocument());
});
