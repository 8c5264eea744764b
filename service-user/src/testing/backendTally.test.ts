import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backendOf, checkTallyFile, describeTally, missingBackends, tallyTests } from './backendTally.cjs';

const result = (status: string, ...ancestorTitles: string[]) => ({ status, ancestorTitles });

describe("the tally of the service's tests by database backend", () => {
  it("counts a test on the backend the innermost describe around it is named for ('… on pglite', '… on postgres', as describe.each(backends) names them)", () => {
    expect(backendOf(['user service on pglite', 'register-user'])).toBe('pglite');
    expect(backendOf(['user service on postgres', 'Stripe webhooks'])).toBe('postgres');
    expect(backendOf(['two replicas sharing one database, on postgres'])).toBe('postgres');
    expect(backendOf(['shutting down'])).toBeNull();
    // The backend's id ends the title: a title that mentions one elsewhere does not count.
    expect(backendOf(['on postgres, a statement timeout'])).toBeNull();
    expect(backendOf(['database connections on PGlite'])).toBeNull();
  });

  it('counts the tests that ran, passed or failed, and not those skipped or left to do', () => {
    const tally = tallyTests([
      result('passed', 'user service on pglite'),
      result('failed', 'user service on pglite', 'devices'),
      result('passed', 'user service on postgres'),
      result('skipped', 'user service on postgres'),
      result('pending', 'user service on postgres'),
      result('todo', 'user service on postgres'),
      result('passed', 'shutting down'),
    ]);
    expect(tally).toEqual({ pglite: 2, postgres: 1, other: 1 });
  });

  it('says how many ran on each, and why none ran on PostgreSQL when DATABASE_URL is not set', () => {
    expect(describeTally({ pglite: 190, postgres: 0, other: 70 }, { databaseUrl: false })).toBe(
      'service-user tests by database: 190 on PGlite, 0 on PostgreSQL (DATABASE_URL is not set: no server to run them on), 70 that do not run per database',
    );
    expect(describeTally({ pglite: 190, postgres: 177, other: 70 }, { databaseUrl: true })).toBe(
      'service-user tests by database: 190 on PGlite, 177 on PostgreSQL, 70 that do not run per database',
    );
  });

  it('finds a required backend on which no test ran: PostgreSQL silent while it is required is not enough', () => {
    expect(missingBackends({ pglite: 190, postgres: 0, other: 70 }, ['pglite', 'postgres'])).toEqual(['no service-user test ran on PostgreSQL, which this run requires']);
    expect(missingBackends({ pglite: 190, other: 70 }, ['pglite', 'postgres'])).toEqual(['no service-user test ran on PostgreSQL, which this run requires']);
    expect(missingBackends({ pglite: 0, postgres: 0, other: 0 }, ['pglite'])).toEqual(['no service-user test ran on PGlite, which this run requires']);
    expect(missingBackends(null, ['pglite'])).toHaveLength(1);
    expect(missingBackends({ pglite: 190, postgres: 177, other: 70 }, ['pglite', 'postgres'])).toEqual([]);
    expect(missingBackends({ pglite: 190, postgres: 0, other: 70 }, ['pglite'])).toEqual([]);
    expect(() => missingBackends({ pglite: 1, postgres: 1, other: 0 }, ['postgresql'])).toThrow(/not a database backend: postgresql/);
  });

  describe('the check .ci/run makes (node src/testing/backendTally.cjs TALLY BACKEND...)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'service-user-tally-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    let files = 0;
    const check = (tally: string | null, ...required: string[]) => {
      const file = join(dir, `tally-${(files += 1)}.json`);
      if (tally !== null) writeFileSync(file, tally);
      const run = spawnSync(process.execPath, [join(__dirname, 'backendTally.cjs'), file, ...required], { encoding: 'utf8' });
      return { status: run.status, output: run.stdout + run.stderr };
    };

    it('fails when a PostgreSQL server is required and no test ran on it, saying so', () => {
      const silent = check('{"pglite":190,"postgres":0,"other":70}\n', 'pglite', 'postgres');
      expect(silent.status).toBe(1);
      expect(silent.output).toContain('no service-user test ran on PostgreSQL, which this run requires');
    });

    it('fails when there is no tally to read (the tests did not run, or nothing wrote it)', () => {
      expect(check(null, 'pglite').status).toBe(1);
      const empty = check('', 'pglite', 'postgres');
      expect(empty.status).toBe(1);
      expect(empty.output).toMatch(/cannot be shown to have run/);
    });

    it('passes when every required backend ran tests, and prints the tally', () => {
      const enough = check('{"pglite":190,"postgres":177,"other":70}\n', 'pglite', 'postgres');
      expect(enough.status).toBe(0);
      expect(enough.output).toContain('[ci] service-user tests by database: 190 on PGlite, 177 on PostgreSQL, 70 that do not run per database');
      expect(check('{"pglite":190,"postgres":0,"other":70}\n', 'pglite').status).toBe(0);
    });

    it('reports through the output it is given, in process', () => {
      const lines: string[] = [];
      const file = join(dir, 'in-process.json');
      writeFileSync(file, '{"pglite":3,"postgres":0,"other":1}');
      expect(checkTallyFile(file, ['pglite', 'postgres'], { out: (line) => lines.push(line), err: (line) => lines.push(line) })).toBe(1);
      expect(lines).toEqual([
        '[ci] service-user tests by database: 3 on PGlite, 0 on PostgreSQL, 1 that do not run per database',
        '[ci] no service-user test ran on PostgreSQL, which this run requires',
      ]);
    });
  });
});
