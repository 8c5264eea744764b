/**
 * Where a server's CPU goes per request, from a V8 CPU profile (`node --cpu-prof`, written when
 * the process exits): each sample is given to the innermost frame of its stack that names a part
 * of a call (the global middleware, the token check, the query, the answer's serialization, the
 * HTTP server and Hono's routing), else to what it is (start-up, garbage collection, other).
 *
 *   tsx bench/profile.ts <file.cpuprofile> [requests]     prints the table (µs per request with requests)
 *   BENCH_PROFILE=1 pnpm --filter @site/service-user bench  profiles every server and prints each one's
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// Generic: a sample below it is the HTTP server's only when no part of the call is nearer the sample.
const GENERIC = 'HTTP server and routing (node:http, @hono/node-server, hono)';

/** The parts of a call, each recognised by the files (and a few functions) that do its work. */
const PARTS: [part: string, matches: (name: string, url: string) => boolean][] = [
  // The process starting: modules loaded and compiled, the database opened and migrated.
  ['start-up', (name, url) => /node:internal\/modules|\/tsx\/|esbuild|\/db\/migrations\.ts|\/db\/start\.ts/.test(url) || name === 'compileFunction'],
  ['serialization (c.json)', (name, url) => /hono\/dist\/context\.js/.test(url) && /^(json|newResponse|#newResponse|body)$/.test(name)],
  ['token check', (_, url) => /\/identity\/|lru-cache|\/jose\//.test(url) || (/\/http\/middleware\.ts/.test(url) && _ === 'requireUser')],
  ['query (database layer, driver)', (_, url) => /\/db\/database\.ts|\/store\/|\/node_modules\/\.pnpm\/(pg|pg-[a-z-]+|pgpass|postgres-[a-z-]+|@electric-sql\+pglite)@/.test(url)],
  [
    'global middleware (request id, log, metrics, headers, deadline)',
    (_, url) =>
      /\/http\/(logging|metrics|responseHeaders|requestDeadline)\.ts|hono\/dist\/middleware\/request-id|hono\/dist\/helper\/route|\/pino|sonic-boom|prom-client|node:async_hooks|node:internal\/async_hooks|async_local_storage/.test(
        url,
      ),
  ],
  [GENERIC, (_, url) => /@hono\+node-server|\/hono\/dist\/|node:_http|node:internal\/http|node:net|node:internal\/stream|node:stream|node:events/.test(url)],
];

/**
 * CPU time (µs) per part of a profile, idle time apart. A sample goes to the innermost frame of its
 * stack that is a part of the call (a socket write under the query is the query's), the HTTP
 * server only when none is; otherwise to V8's own bins.
 */
export function attribute(profile: CpuProfile): { part: string; us: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const partOf = (leaf: number): string => {
    const known = memo.get(leaf);
    if (known) return known;
    let generic: string | undefined;
    let found: string | undefined;
    for (let id: number | undefined = leaf; id !== undefined && !found; id = parent.get(id)) {
      const { functionName, url } = byId.get(id)!.callFrame;
      const part = PARTS.find(([, matches]) => matches(functionName, url))?.[0];
      if (part === GENERIC) generic ??= part;
      else if (part) found = part;
      else if (id === leaf && functionName === '(idle)') found = 'idle';
      else if (id === leaf && functionName === '(garbage collector)') found = 'garbage collection';
      else if (id === leaf && functionName === '(program)') found = 'V8 and native code outside JavaScript ((program))';
    }
    const part = found ?? generic ?? 'other';
    memo.set(leaf, part);
    return part;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const part = partOf(id);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...totals].map(([part, us]) => ({ part, us })).sort((a, b) => b.us - a.us);
}

/** The profile's CPU per part, per request served (start-up and idle left out of the per-request figures). */
export function perRequest(profile: CpuProfile, requests: number) {
  const parts = attribute(profile);
  const busy = parts.filter((p) => p.part !== 'idle' && p.part !== 'start-up').reduce((sum, p) => sum + p.us, 0);
  return parts.map((p) => ({
    part: p.part,
    'ms in all': Math.round(p.us / 1000),
    'µs per request': p.part === 'idle' || p.part === 'start-up' ? '' : Math.round((p.us / requests) * 10) / 10,
    'share of busy': p.part === 'idle' || p.part === 'start-up' ? '' : `${Math.round((p.us / busy) * 100)}%`,
  }));
}

export const readProfile = (file: string): CpuProfile => JSON.parse(readFileSync(file, 'utf8'));

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, requests] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/profile.ts <file.cpuprofile> [requests]');
  console.table(perRequest(readProfile(file), Number(requests) || 1));
}
