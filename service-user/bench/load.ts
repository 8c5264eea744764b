/**
 * Load benchmark: POST /get-user-info with a valid RS256 token (verification, database query,
 * JSON) against a bare Hono JSON handler measured in the same run, on loopback only.
 *   pnpm --filter @site/service-user bench      (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
 * BENCH_OUTPUT=path also writes the report there as JSON (the site benchmark includes it).
 */
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Hono } from 'hono';
import { listenGracefully } from '../src/http/listen';
import { startService, tokenFactory } from '../src/testing/harness';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

async function measure(name: string, url: string, headers: Record<string, string>) {
  // The load comes from a worker thread, so it does not share the service's event loop.
  const result = await autocannon({ url, method: 'POST', headers, body: '{}', connections, duration: seconds, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, total: result.requests.total };
}

const tokens = await tokenFactory();
const { app, db } = await startService(process.env.DATABASE_URL ? 'postgres' : 'pglite', tokens, { PUBLIC_RATE_LIMIT: '1000000' });
const token = await tokens.sign('bench-uid', 'bench@example.com');
await app.request('/register-user', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

const bare = new Hono().post('/json', (c) => c.json({ trialActivated: false }));
const loopback = { port: 0, host: '127.0.0.1' };
const service = await listenGracefully(app, loopback);
const baseline = await listenGracefully(bare, loopback);

const rows = [
  await measure('bare Hono JSON handler', `http://127.0.0.1:${baseline.port}/json`, { 'Content-Type': 'application/json' }),
  await measure('POST /get-user-info (RS256 token + database)', `http://127.0.0.1:${service.port}/get-user-info`, {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token}`,
  }),
];
await Promise.all([service.close(), baseline.close()]);
await db.close();

const report = { seconds, connections, database: db.kind, node: process.version, rows };
console.log(JSON.stringify(report, null, 2));
if (process.env.BENCH_OUTPUT) {
  mkdirSync(dirname(process.env.BENCH_OUTPUT), { recursive: true });
  writeFileSync(process.env.BENCH_OUTPUT, `${JSON.stringify(report, null, 2)}\n`);
}
console.table(rows.map((r) => ({ call: r.name, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50Ms, 'p99 ms': r.p99Ms })));
