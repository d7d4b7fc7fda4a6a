import { JsonLogger } from './json-logger';
import { withoutReviewIds } from './review-redaction';

describe('review ids in log lines', () => {
  it('leave every line above debug, whatever the code logs: paths, job ids, review-id fields', () => {
    expect(
      withoutReviewIds({
        msg: 'job done',
        jobId: 'review-8841203344-v2',
        url: '/api/rating/123/report?x=1',
        reviewId: 123,
        nested: { path: '/api/moderation/reviews/55/approve', ids: ['/review/9/edit'] },
        teacher: '/api/teacher/7',
      }),
    ).toEqual({
      msg: 'job done',
      jobId: 'review-:id',
      url: '/api/rating/:id/report?x=1',
      nested: { path: '/api/moderation/reviews/:id/approve', ids: ['/review/:id/edit'] },
      teacher: '/api/teacher/7',
    });
  });

  it('is applied by the logger at info and above, not at debug', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('debug', (line) => lines.push(line), 'Test', undefined);
    logger.log({ msg: 'job done', jobId: 'review-42-v1' });
    logger.debug({ msg: 'job done', jobId: 'review-42-v1' });
    expect(lines.map((l) => JSON.parse(l).jobId)).toEqual(['review-:id', 'review-42-v1']);
  });
});
