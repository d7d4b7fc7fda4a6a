import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { initI18n } from '@pupitre/i18n';
import { clearSession, updateSession } from '@pupitre/session';
import { fakeApi } from '@pupitre/review-ui/src/testing';
import '../routes';
import { RepliesPage, TEACHER_SPACE_PATH } from './RepliesPage';

initI18n('en');

const review = (id: number, reply: Record<string, unknown> | null) => ({
  id,
  tot_rating: 6,
  text_rating: `Review ${id}`,
  subject: 'Maths',
  created_at: '2026-10-01T00:00:00.000Z',
  reply,
});
const reply = (status: string, reason: string | null = null, reasonText: string | null = null) => ({
  text: 'My earlier reply',
  status,
  reason,
  reason_text: reasonText,
  created_at: '2026-10-02T10:00:00.000Z',
});

beforeEach(() => updateSession({ email: 't@b.c', access: 'A' }));
afterEach(() => {
  resetApiClient();
  clearSession();
});

test('a removed reply says why, in the moderator’s words too; the teacher may write another one', async () => {
  const user = userEvent.setup();
  const api = fakeApi((call) => {
    if (call.url === TEACHER_SPACE_PATH)
      return {
        status: 200,
        body: {
          teacher: { id: 4, prefix: 'Mme', name: 'Durand' },
          listed: true,
          objection: null,
          reviews: [
            review(7, reply('rejected', 'other', 'It names a pupil.')),
            review(8, reply('rejected', 'threat')),
            review(9, reply('held', 'threat')),
          ],
        },
      };
    if (call.method === 'POST' && call.url === '/api/rating/7/reply') return { status: 201, body: { id: 7, reply: reply('pending') } };
    return { status: 502 };
  });
  render(
    <MemoryRouter>
      <RepliesPage />
    </MemoryRouter>,
  );
  const [first, second, third] = await screen.findAllByTestId('teacher-review');
  expect(within(first).getByTestId('reply-removed')).toHaveTextContent(
    'Your previous reply was removed by the checks or a moderator. You may write another one. Reason: another reason. The moderator’s words: “It names a pupil.”',
  );
  expect(within(second).getByTestId('reply-removed')).toHaveTextContent('Reason: threat.');
  expect(within(second).getByTestId('reply-removed')).not.toHaveTextContent('moderator’s words');
  expect(within(third).getByTestId('own-reply')).toHaveAttribute('data-status', 'held');

  await user.type(within(first).getByLabelText('Your public reply'), 'A calmer reply.');
  await user.click(within(first).getByTestId('send-reply'));
  await waitFor(() => expect(within(first).getByTestId('own-reply')).toHaveAttribute('data-status', 'pending'));
  expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/rating/7/reply', body: { text: 'A calmer reply.' } });
});
