// A site process for siteProcesses.test.ts: a server with the site's connection handling that
// answers with its process id, on PORT (shared by every process of the cluster).
import { Hono } from 'hono';
import { listen } from '../connections';

const server = await listen(
  new Hono().get('/', (c) => c.text(String(process.pid))),
  Number(process.env.PORT),
  '127.0.0.1',
);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
