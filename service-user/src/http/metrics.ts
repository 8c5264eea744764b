import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FinishedRequest } from './logging';

/** What the database reports of its connections (a pg pool, or PGlite's single one). */
export interface ConnectionUse {
  inUse: number;
  waiting: number;
}

// Latency buckets in seconds: from a cached-token read (about a millisecond) to the request timeout.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's Prometheus metrics, in a registry of this app's own (the tests build many apps
 * in one process; a shared default registry would mix their counts and refuse the second app).
 */
export function createMetrics({
  connections,
  processMetrics,
  pageChangeFollowers = () => 0,
}: {
  connections: () => ConnectionUse;
  processMetrics: boolean;
  /** The site's servers following this replica's page changes now (GET /page-changes). */
  pageChangeFollowers?: () => number;
}) {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'db_connections_in_use',
    help: 'Database connections running a query (PGlite has one).',
    registers,
    collect() {
      this.set(connections().inUse);
    },
  });
  new Gauge({
    name: 'db_connections_waiting',
    help: 'Queries waiting for a database connection.',
    registers,
    collect() {
      this.set(connections().waiting);
    },
  });
  new Gauge({
    name: 'page_change_followers',
    help: "Site's server processes following this replica's page changes (each keeps its users' answers while it follows).",
    registers,
    collect() {
      this.set(pageChangeFollowers());
    },
  });
  const webhookEvents = new Counter({
    name: 'stripe_webhook_events_total',
    help: 'Verified Stripe webhook events, by event type and outcome.',
    labelNames: ['type', 'result'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by the per-client rate limit, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });

  const deletionFailures = new Counter({
    name: 'account_deletions_failed_total',
    help: 'Account deletions the service could not finish after their retries (each also logged with the uid hash), by reason.',
    labelNames: ['reason'] as const,
    registers,
  });
  const retentionDeleted = new Counter({
    name: 'retention_rows_deleted_total',
    help: 'Rows (and local outbox files) the retention sweep deleted, by kind of personal data.',
    labelNames: ['kind'] as const,
    registers,
  });

  // The labelled series of each method, route and status, looked up once: prom-client hashes the
  // labels on every call otherwise. Bounded: routes are patterns, and Node parses known methods only.
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  return {
    registry,
    observeRequest({ method, route, status, durationMs }: FinishedRequest) {
      const key = `${method} ${route} ${status}`;
      let labelled = series.get(key);
      if (!labelled) {
        labelled = { count: requests.labels(method, route, String(status)), time: latency.labels(method, route) };
        series.set(key, labelled);
      }
      labelled.count.inc();
      labelled.time.observe(durationMs / 1000);
    },
    webhookEvent(type: string, result: string) {
      webhookEvents.inc({ type, result });
    },
    rateLimitRefused(route: string) {
      rateLimitRefusals.inc({ route });
    },
    deletionFailed(reason: string) {
      deletionFailures.inc({ reason });
    },
    retentionDeleted(kind: string, count: number) {
      if (count > 0) retentionDeleted.inc({ kind }, count);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
