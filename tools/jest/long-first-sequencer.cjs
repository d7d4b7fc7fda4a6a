// Jest's order (failed first, then the longest by its cache, else the largest file), with the files named `*.long.int.spec.ts`
// before all: a fresh clone has no timings, and a file that runs for minutes must start first so that the others run beside
// it on the other workers instead of after it (services/rating/src/faults/redis-outage.long.int.spec.ts).
const Sequencer = require('@jest/test-sequencer').default;

const LONG = /\.long\.int\.spec\.ts$/;

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const longFirst = (sorted) => [...sorted].sort((a, b) => Number(LONG.test(b.path)) - Number(LONG.test(a.path)));
    const sorted = super.sort(tests);
    return sorted instanceof Promise ? sorted.then(longFirst) : longFirst(sorted);
  }
}

module.exports = LongFirstSequencer;
