// Serves the production build of the whole site with embedded defaults, each on its port of
// runtimeConfig.ts's `ports`: the shell, each remote on its own port as independent deployments
// would be, the user service (embedded PGlite in service-user/.data) and, unless a real Firebase
// project is configured (FIREBASE_API_KEY), the Firebase Auth emulator; and the deployment store
// (.deploy/), as the CDN stand-in: served from the start, so that a first release made while the site
// runs is reachable at once (until then it answers 404). The README's start command and the
// end-to-end tests run it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteEnv } from './config';
import { siteLogger } from './logging';
import { deployDir, firebaseProjectId, mailOutboxDir, manifestPolicy, ports, remoteNames, remotesDocument } from './runtimeConfig';
import { deployStoreApp, remoteApp, shellApp } from './siteServers';
import { listen } from './connections';
import { folderHealth, withDocumentHealth } from './documentHealth';
import { siteProcessesOf, startSiteProcesses, type SiteProcesses } from './siteProcesses';
import { liveRemotesDocument, rereadMsOf, storeConfig, type LiveDocument } from './releaseState';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
// The environment, read here (config.ts) and passed down; this command also sets its local defaults in it.
const env = siteEnv();
const hostname = env.HOST || '127.0.0.1';
const children: ChildProcess[] = [];
let stopping = false;

// Local conveniences (the emulator's tokens, local billing…) exist only in development and test;
// this command is the local site, so it says so unless told otherwise.
env.NODE_ENV ||= 'development';

function start(name: string, command: string, args: string[], options: SpawnOptions) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  child.on('exit', (code, signal) => {
    if (!stopping) siteLogger.error({ process: name, exit: signal ?? code }, `${name} stopped; the rest of the site keeps running`);
  });
  children.push(child);
  return child;
}

/** Whether something accepts connections on a port of this machine. */
const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitForPort(port: number, name: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!(await isListening(port))) {
    if (Date.now() > until) throw new Error(`${name} did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// A remotes document that does not validate refuses the start, named, before anything is started
// (shellApp refuses it too: a start without a good document would answer 500 for every page); so
// does a release store configured wrong (RELEASE_STORE: never the folder in place of PostgreSQL),
// or a release state in PostgreSQL that does not answer (there is no good document to serve yet).
let live: LiveDocument | null = null;
try {
  const release = storeConfig(env, { versions: false });
  if (release.kind === 'postgres+s3') {
    live = await liveRemotesDocument({
      ...release,
      rereadMs: rereadMsOf(env),
      policy: manifestPolicy(env),
      fallback: () => remotesDocument(env, { deployStore: false }),
      log: { error: (message) => siteLogger.error(message), info: (message) => siteLogger.info(message) },
    });
  }
} catch (error) {
  siteLogger.fatal(`The site does not start: the release state is not usable (${(error as Error).message})`);
  process.exit(1);
}
try {
  if (!live) remotesDocument(env);
} catch (error) {
  siteLogger.fatal(`The site does not start: the remotes document is not valid (${(error as Error).message})`);
  process.exit(1);
}

const useEmulator = !env.FIREBASE_API_KEY;
if (useEmulator) {
  const emulatorHost = `127.0.0.1:${ports.auth_emulator}`;
  env.FIREBASE_AUTH_EMULATOR_HOST ||= emulatorHost;
  env.FIREBASE_AUTH_EMULATOR_URL ||= `http://${emulatorHost}`;
  if (!(await isListening(ports.auth_emulator))) {
    // CI=true keeps the CLI from fetching its message of the day (no network here).
    start(
      'Firebase Auth emulator',
      process.execPath,
      [join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'), 'emulators:start', '--only', 'auth', '--project', firebaseProjectId(env)],
      { cwd: root, env: { ...env, CI: 'true' } },
    );
  }
}

// Without an SMTP server the service writes each mail to this folder (one .eml file each).
const outbox = env.SMTP_URL ? null : mailOutboxDir(env);
start('service-user', join(root, 'service-user', 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
  cwd: join(root, 'service-user'),
  env: {
    PORT: String(ports.service_user),
    FIREBASE_PROJECT_ID: firebaseProjectId(env),
    PUBLIC_SITE_URL: `http://localhost:${ports.shell}`,
    ...(outbox ? { MAIL_OUTBOX_DIR: outbox } : {}),
    ...env,
  },
});

// The site opens once sign-in can work (the end-to-end tests wait for the shell to answer).
if (useEmulator) await waitForPort(ports.auth_emulator, 'The Firebase Auth emulator');
// Without a release yet (a fresh checkout) the remotes document points at the remotes' own ports;
// the store is served all the same: the shell takes its document as soon as a release writes it.
const store = deployDir(env);
const released = existsSync(join(store, 'remotes.json'));
mkdirSync(store, { recursive: true });
// The site's pages on every core (siteProcesses.ts): SITE_PROCESSES processes sharing the port,
// each a whole site server (replica.ts); one, this process's own.
let siteProcesses: SiteProcesses | null = null;
let count: number;
try {
  count = siteProcessesOf(env);
} catch (error) {
  siteLogger.fatal(`The site does not start: ${(error as Error).message}`);
  process.exit(1);
}
if (count > 1) {
  siteProcesses = await startSiteProcesses({
    count,
    env: { ...env, PORT: String(ports.shell), HOST: hostname },
    log: { info: (message) => siteLogger.info(message), error: (message) => siteLogger.error(message) },
  });
}
const servers = await Promise.all([
  siteProcesses ? null : listen(withDocumentHealth(shellApp({ remotes: live?.read }), live?.health ?? folderHealth), ports.shell, hostname),
  ...remoteNames.map((name) => listen(remoteApp(name), ports[name], hostname)),
  // With the release state in PostgreSQL the versions are in a bucket, served by its CDN.
  ...(live ? [] : [listen(deployStoreApp(store), ports.deploy, hostname)]),
]);
const identity = useEmulator ? `Firebase Auth emulator on ${ports.auth_emulator}` : 'Firebase project';
const deployment = live ? '; the release state in PostgreSQL' : `; deployment store ${store}${released ? '' : ' (no release yet)'} on ${ports.deploy}`;
console.log(
  `Site ready on http://localhost:${ports.shell} (remotes on ${servers
    .slice(1, 1 + remoteNames.length)
    .map((s) => s?.port)
    .join(', ')}; user service on ${ports.service_user}; ${identity}${deployment}${siteProcesses ? `; pages drawn by ${count} processes` : ''})`,
);
console.log(outbox ? `Mail is not sent: each message is written to ${outbox} (one .eml file each; set SMTP_URL to send it)` : 'Mail is sent through SMTP_URL');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all([siteProcesses?.close(), ...servers.map((s) => s?.close())]);
    await live?.close();
    process.exit(0);
  });
}
