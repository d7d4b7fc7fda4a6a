// Adversary suite: someone who reads the logs (an operator, a leaked log store). The worker logged
// "job done review-<id>-v1" at publication, and a 503 its "/api/rating/<id>" path, each with the
// line's exact time: the second a review was written or published, and next to whatever else the
// request logged. No line above debug carries a review id any more, whatever the code passes the
// logger (the edge and the Ingress keep no access log: infra/local/lib/edge.int.spec.ts,
// infra/k8s/test/ingress.spec.ts; the integration run's privacy audit fails on a review id above
// debug, or a client address next to one).
import { JsonLogger } from '@pupitre/server-kit';

describe('log lines pair no review with a time', () => {
  it.each([
    [{ msg: 'job done', jobId: 'review-4817263849102-v1', job: 'publish-review', ms: 12, lateMs: 3 }],
    [{ msg: 'dependency unavailable', method: 'POST', url: '/api/rating/4817263849102/report', error: 'database unavailable' }],
    [{ msg: 'could not queue the publication job; the reconciler will run it', reviewId: 4817263849102, error: 'timeout' }],
    [{ msg: 'unexpected error', url: '/api/relatable/4817263849102', status: 500 }],
  ])('at info, warn and error: %j', (line) => {
    const written: string[] = [];
    const logger = new JsonLogger('debug', (l) => written.push(l), 'Test', undefined);
    logger.log(line);
    logger.warn(line);
    logger.error(line);
    expect(written.filter((l) => l.includes('4817263849102'))).toEqual([]);
  });
});
