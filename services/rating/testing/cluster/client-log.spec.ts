import { type GroundTruth } from '../ground-truth';
import { ClientLog } from './client-log';
import { type Answer } from './http';

const answer = (status: number, json?: unknown): Answer => ({ status, json, headers: null });
const truth = (over: Partial<GroundTruth> = {}): GroundTruth => ({
  at: Date.now() + 60_000,
  reviewCopies: new Map(),
  authorOf: new Map(),
  shown: new Map(),
  votes: [],
  favourites: [],
  reports: [],
  teachers: [],
  ...over,
});
const shown = (id: number) => [id, { id, teacherId: 1, subjectId: 1, year: 1, tot_rating: 5, recentRank: id }] as const;
const course = { teacher: 1, subject: 1, year: 1 };

describe('ClientLog', () => {
  it('wants an acknowledged review once, by its author, public once due; a rejected text never public', () => {
    const log = new ClientLog(0);
    log.create('u', course, true, answer(201, { id: 7 }));
    log.create('u', course, false, answer(201, { id: 8 }));
    expect(
      log.problems(
        truth({
          reviewCopies: new Map([
            [7, 1],
            [8, 1],
          ]),
          authorOf: new Map([
            [7, 'u'],
            [8, 'u'],
          ]),
          shown: new Map([shown(7)]),
        }),
      ),
    ).toEqual([]);
    expect(
      log.problems(
        truth({
          reviewCopies: new Map([
            [7, 2],
            [8, 1],
          ]),
          authorOf: new Map([
            [7, 'u'],
            [8, 'u'],
          ]),
          shown: new Map([shown(8)]),
        }),
      ),
    ).toEqual([
      'review 7 (201 to u) is in 2 documents',
      expect.stringMatching(/^review 7 \(201 to u, due .*\) is not public$/),
      expect.stringMatching(/^review 8 \(201 to u, due .*\) is public though its text must be rejected$/),
    ]);
  });

  it('wants a review whose create got no answer public once due, or absent', () => {
    const log = new ClientLog(0);
    log.create('u', course, true, answer(0));
    expect(log.problems(truth())).toEqual([]);
    expect(log.problems(truth({ reviewCopies: new Map([[9, 1]]), authorOf: new Map([[9, 'u']]), shown: new Map([shown(9)]) }))).toEqual([]);
    expect(log.problems(truth({ reviewCopies: new Map([[9, 1]]), authorOf: new Map([[9, 'u']]) }))).toEqual([
      'review 9 of u (a create that got no answer) exists but is not public',
    ]);
  });

  it('follows each vote: the last acknowledged value, or any value sent without an answer since', () => {
    const log = new ClientLog(0);
    log.vote(1, 'u', true, answer(200));
    log.vote(1, 'u', false, answer(0));
    log.vote(2, 'u', true, answer(200));
    log.vote(2, 'u', null, answer(200));
    const vote = (reviewId: number, value: boolean) => ({ reviewId, userId: 'u', value });
    expect(log.problems(truth({ votes: [vote(1, false)] }))).toEqual([]);
    expect(log.problems(truth({ votes: [vote(1, true)] }))).toEqual([]);
    expect(log.problems(truth({ votes: [vote(2, true)] }))).toEqual([
      'vote 1:u is null; the client was told true or false',
      'vote 2:u is true; the client was told null',
    ]);
  });

  it('wants nothing left of an erased user', () => {
    const log = new ClientLog(0);
    log.favourite(3, 'gone', true, answer(200));
    log.report(3, 'gone', answer(201));
    log.erased.add('gone');
    expect(log.problems(truth({ favourites: [{ reviewId: 3, userId: 'gone' }], reports: [{ reviewId: 3, userId: 'gone' }] }))).toEqual([
      'favourite 3:gone is in 1 documents; the client was told true (user erased)',
      'report 3:gone is in 1 documents; the client was told 201 (user erased)',
    ]);
  });

  it('counts a report taken (201) or already there (409) once', () => {
    const log = new ClientLog(0);
    log.report(4, 'u', answer(201));
    log.report(4, 'u', answer(409));
    expect(log.problems(truth({ reports: [{ reviewId: 4, userId: 'u' }] }))).toEqual([]);
    expect(log.problems(truth())).toEqual(['report 4:u is in 0 documents; the client was told 201, 409']);
  });
});
