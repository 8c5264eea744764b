// The unit tests' order (jestSequencer.cjs): a file marked @jest-start-first starts first, the rest
// in jest's own order (on a clean clone, with no timings cached, the largest file first).
import { join } from 'node:path';

const Sequencer = require('./jestSequencer.cjs') as { new (options: object): { sort(tests: object[]): Promise<{ path: string }[]> }; startsFirst(path: string): boolean };

const root = join(__dirname, '..');
const waiting = join(root, 'service-user', 'src', 'db', 'dataDirLock.test.ts');
const large = join(root, 'service-user', 'src', 'service.test.ts');
const medium = join(root, 'tools', 'webpack', 'chunks.test.ts');
const sizes: Record<string, number> = { [large]: 50_000, [medium]: 5_000, [waiting]: 2_000 };
const context = { config: { cache: false, rootDir: root }, hasteFS: { getSize: (path: string) => sizes[path] } };
const order = async (paths: string[]) => (await new Sequencer({}).sort(paths.map((path) => ({ path, context })))).map((test) => test.path);

describe('the order the unit test files start in', () => {
  it('starts the files marked @jest-start-first (the lock test, which mostly waits) before all others', async () => {
    expect(Sequencer.startsFirst(waiting)).toBe(true);
    expect(await order([medium, waiting, large])).toEqual([waiting, large, medium]);
  });

  it("keeps jest's own order for the others: on a clean clone the smallest file would start last", async () => {
    expect(Sequencer.startsFirst(large)).toBe(false);
    expect(await order([medium, large])).toEqual([large, medium]);
  });
});
