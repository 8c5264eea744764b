// The start command's side of siteProcesses.test.ts, in a process of its own (as serve.ts is):
// starts SITE_PROCESSES processes of pidServer.ts on PORT, prints their ids as JSON on each
// change, and stops them on SIGTERM.
import { fileURLToPath } from 'node:url';
import { siteProcessesOf, startSiteProcesses } from '../siteProcesses';

const processes = await startSiteProcesses({
  count: siteProcessesOf(process.env),
  env: { ...process.env },
  exec: fileURLToPath(new URL('./pidServer.ts', import.meta.url)),
  log: { info: (message) => console.log(JSON.stringify({ message })), error: (message) => console.log(JSON.stringify({ message })) },
});
console.log(JSON.stringify({ pids: processes.pids() }));
setInterval(() => console.log(JSON.stringify({ pids: processes.pids() })), 100);
process.on('SIGTERM', async () => {
  await processes.close();
  process.exit(0);
});
