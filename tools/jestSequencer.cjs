// The order the unit test files start in: jest's own (the slowest first by their last run's time,
// kept in jest's cache; on a clean clone, with no cache, the largest first), with one change: a file
// that says `@jest-start-first` in its opening comment starts before all others. Such a file spends
// its time waiting in real time (child processes, a lock's retries and stale period), not working:
// started last, as a small file is on a clean clone, dataDirLock.test.ts ran alone for 24 s after
// every other file was done; started first, its waiting overlaps the other files' work.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const MARK = /@jest-start-first\b/;

/** Whether a test file asks to start first (the mark in its first 2,000 characters). */
const startsFirst = (path) => MARK.test(readFileSync(path, 'utf8').slice(0, 2000));

class StartWaitingFilesFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const first = sorted.filter((test) => startsFirst(test.path));
    return [...first, ...sorted.filter((test) => !first.includes(test))];
  }
}

module.exports = StartWaitingFilesFirst;
module.exports.startsFirst = startsFirst;
