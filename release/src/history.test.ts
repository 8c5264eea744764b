import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendHistory, historyPath, previousStable, readHistory, stableLineage, type HistoryEntry } from './history';

const step = (verb: HistoryEntry['verb'], to: string, remote: HistoryEntry['remote'] = 'mfe_auth'): HistoryEntry => ({
  when: '2026-01-01T00:00:00.000Z',
  who: 'tester',
  verb,
  remote,
  from: null,
  to,
  percentage: null,
  reason: null,
});

it('unwinds the stable versions on each rollback, so that a second rollback goes further back', () => {
  const entries = [
    step('init', 'a'),
    step('publish', 'b'),
    step('canary', 'b'),
    step('promote', 'b'),
    step('promote', 'c'),
    step('init', 'x', 'mfe_account'),
    step('rollback', 'b'),
  ];
  expect(stableLineage(entries, 'mfe_auth')).toEqual(['a', 'b']);
  expect(previousStable(entries, 'mfe_auth', 'b')).toBe('a');
  expect(previousStable([...entries, step('rollback', 'a')], 'mfe_auth', 'a')).toBeNull();
  // A version that was never stable is added on top.
  expect(stableLineage([...entries, step('rollback', 'z')], 'mfe_auth')).toEqual(['a', 'b', 'z']);
});

it('does not guess when the document was changed outside the history', () => {
  expect(previousStable([step('init', 'a'), step('promote', 'b')], 'mfe_auth', 'hand-edited')).toBeNull();
});

it('ignores a last line cut short by a crash, and appends after it on a line of its own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-history-'));
  const store = { dir, baseUrl: 'http://cdn.test' };
  try {
    writeFileSync(historyPath(store), `${JSON.stringify(step('init', 'a'))}\n{"when":"2026-01-01`);
    expect(readHistory(store)).toEqual([step('init', 'a')]);
    appendHistory(store, step('promote', 'b'));
    expect(readHistory(store)).toEqual([step('init', 'a'), step('promote', 'b')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
