// The bench's processes: a build step run to its end, and the sites' servers, each started and
// waited for, and stopped whenever the bench ends.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A command run to its end in `cwd`; throws when it fails. */
export function run(cwd, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

/**
 * The sites' servers, each a process group of its own: stopped whenever the bench ends, a failure
 * before the measures too (left running, the next run's startServer would find them answering,
 * and measure an earlier build).
 */
const servers = [];
export const stopServers = () => {
  for (const server of servers.splice(0)) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already stopped */
    }
  }
};
process.on('exit', stopServers);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/**
 * A server of the bench, started in `cwd` and waited for: one that stops before it answers fails the
 * bench at once. Resolves with its process. Its log (its standard output) is dropped, or written to
 * `logFile`.
 */
export async function startServer({ name, cwd, command, args, url, env = process.env, logFile = null }) {
  if (await answers(url)) throw new Error(`${url} answers before ${name} is started: another server holds its port (an earlier run's?); stop it first`);
  const log = logFile ? openSync(logFile, 'a') : 'ignore';
  const server = spawn(command, args, { cwd, env, stdio: ['ignore', log, 'inherit'], detached: true });
  if (typeof log === 'number') closeSync(log);
  servers.push(server);
  let exited = null;
  server.on('exit', (code, signal) => (exited = `${name} stopped (${signal ?? `exit code ${code}`}) before ${url} answered`));
  const until = Date.now() + 180_000;
  while (!(await answers(url))) {
    if (exited) throw new Error(exited);
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return server;
}

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** How many processes the federated site's server runs (SITE_PROCESSES, else one a core: site-server/src/siteProcesses.ts). */
export const siteProcessCount = () => Number(process.env.SITE_PROCESSES || availableParallelism());

/** The federated site as `npm start` serves it (site-server/src/serve.ts), waited for at `origin`. */
export const startSite = (name, origin, options = {}) =>
  startServer({
    name,
    cwd: root,
    command: join(root, 'site-server', 'node_modules', '.bin', 'tsx'),
    args: [join(root, 'site-server', 'src', 'serve.ts')],
    url: `${origin}/remotes.json`,
    ...options,
  });
