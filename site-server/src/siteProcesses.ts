// The site's server on every core: Node's cluster module, the way Node servers have long used all
// of a machine's cores (PM2's cluster mode is built on it): several processes, each a whole site
// server (replica.ts), accepting on one port the primary holds. Processes rather than worker
// threads for renders, because a page is drawn with a copy of the shell's build that holds module
// state (styled-components' names, i18next, the session store), kept per process; a process shares
// nothing the site needs shared: preview pins and view tokens are signed with secrets every
// process reads alike, the rate limits are the user service's, the release state is the folder's
// or PostgreSQL's. A process that dies is replaced; the others keep answering meanwhile.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { siteEnv, type Env } from './config';

/** The most processes SITE_PROCESSES may ask for. */
const MAX_PROCESSES = 64;

/**
 * How many processes serve the site's pages (SITE_PROCESSES): a whole number from 1 to 64; unset,
 * one per core the machine offers (os.availableParallelism). 1: the pages are served by the start
 * command's own process, as a single replica would.
 */
export function siteProcessesOf(env: Env = siteEnv()): number {
  const value = env.SITE_PROCESSES;
  if (value === undefined || value === '') return Math.min(MAX_PROCESSES, availableParallelism());
  const count = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) throw new Error(`SITE_PROCESSES must be a whole number from 1 to ${MAX_PROCESSES} (it is "${value}")`);
  return count;
}

export interface SiteProcesses {
  /** The ids of the processes listening now (a replaced one has a new id). */
  pids(): number[];
  /** Stops every process (each closes its connections) and waits for them to exit. */
  close(): Promise<void>;
}

export interface SiteProcessesOptions {
  count: number;
  /** The environment each process gets (PORT, HOST and the rest of the configuration). */
  env: Env;
  /** The script each process runs (default: replica.ts, one site server). */
  exec?: string;
  log: { info(message: string): void; error(message: string): void };
}

/** The loader the processes run TypeScript with, as the start command does (tsx). */
const tsxLoader = () => import.meta.resolve('tsx');

/**
 * Starts `count` processes, each running `exec` (one site server listening on env.PORT), and
 * resolves once each listens; a process that exits unasked is logged and replaced.
 */
export async function startSiteProcesses({ count, env, exec = fileURLToPath(new URL('./replica.ts', import.meta.url)), log }: SiteProcessesOptions): Promise<SiteProcesses> {
  cluster.setupPrimary({ exec, execArgv: ['--import', tsxLoader()], silent: false });
  let stopping = false;
  const workers = new Set<Worker>();
  const listening = new Set<Worker>();
  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork(env);
      workers.add(worker);
      const failedToStart = (code: number | null, signal: string | null) => reject(new Error(`a site process exited (${signal ?? `exit code ${code}`}) before it listened`));
      worker.once('exit', failedToStart);
      worker.once('listening', () => {
        worker.off('exit', failedToStart);
        listening.add(worker);
        worker.once('exit', (code, signal) => {
          workers.delete(worker);
          listening.delete(worker);
          if (stopping) return;
          log.error(`site process ${worker.process.pid} exited (${signal ?? `exit code ${code}`}); starting another`);
          fork().catch((error: Error) => log.error(`a site process could not be started again: ${error.message}`));
        });
        resolve(worker);
      });
    });
  try {
    await Promise.all(Array.from({ length: count }, fork));
  } catch (error) {
    stopping = true;
    for (const worker of workers) worker.process.kill('SIGTERM');
    throw error;
  }
  log.info(`${count} site processes listening`);
  return {
    pids: () => [...listening].map((worker) => worker.process.pid as number),
    close: async () => {
      stopping = true;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((done) => {
              if (worker.isDead()) return done();
              worker.once('exit', () => done());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
