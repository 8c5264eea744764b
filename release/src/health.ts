// How a remote's deployments are doing, from the shell's beacons as the user service sums them
// (GET /telemetry/summary): `release status` shows it, `release watch` acts on it.
import type { TelemetrySummary } from '@site/service-user';
import { COHORTS, HEALTH_WINDOW_MINUTES, VITAL_BUCKETS, VITALS } from '@site/contract/telemetry';
import { NO_VITALS, p75Text, type VitalHistograms } from './speed';
import { versionOfManifest, type RemoteName } from '@site/shared-ui/remotes-document';
import { createUserServiceClient } from '@site/shared-ui/user-service';
import { ports } from '@site/site-server/runtime-config';

type Env = Record<string, string | undefined>;

/** The deployments of a remote in force, by version (or manifest URL when not from the store). */
export interface Deployments {
  stable: string;
  canary: string | null;
}

/** One deployment's figures over the window: errors are load failures, render and hydration errors. */
export interface Figures {
  version: string;
  views: number;
  errors: number;
  loadFailures: number;
  renderErrors: number;
  hydrationErrors: number;
  /** The field speed of its page views (web-vitals), per vital: samples per bucket (VITAL_BUCKETS). */
  vitals: VitalHistograms;
  /** The same evidence by network: how many distinct networks saw a view, an error, a vital in each bucket. */
  networks: NetworkFigures;
  /** What the site's server saw itself: pages it drew from this version, and those it served unrendered for its failure. */
  server: ServerFigures;
}

/** The site's server's own signals: no browser can send them. */
export interface ServerFigures {
  pages: number;
  unrendered: number;
}

/** Distinct networks (a /24 or /48 each) per kind of evidence: what `watch` judges on. */
export interface NetworkFigures {
  views: number;
  errors: number;
  vitals: VitalHistograms;
}

export type RemoteHealth = { measured: true; minutes: number; stable: Figures; canary: Figures | null } | { measured: false; why: string };

export type HealthReader = (remote: RemoteName, deployments: Deployments) => Promise<RemoteHealth>;

/** How long a read of the summary may take. */
export const SUMMARY_TIMEOUT_MS = 5_000;

/** The user service's address: USER_SERVICE_URL, else the local one (as the site's server has it). */
export const userServiceUrl = (env: Env) => (env.USER_SERVICE_URL || `http://localhost:${ports.service_user}`).replace(/\/+$/, '');

/** The summary could not be had: no answer, a refusal, or an answer of another shape. */
export class SummaryUnreadable extends Error {
  override name = 'SummaryUnreadable';
}

export type SummarySource = (minutes: number, remote?: RemoteName) => Promise<TelemetrySummary>;

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/**
 * Reads GET <USER_SERVICE_URL>/telemetry/summary through the service's typed client (shared-ui's),
 * with `Authorization: Bearer <OPS_TOKEN>` when it is set.
 */
export function serviceSummary(env: Env): SummarySource {
  const summaryRoute = createUserServiceClient(async () => env.OPS_TOKEN || null, { baseUrl: userServiceUrl(env) }).telemetry.summary;
  return async (minutes, remote) => {
    const query = { minutes: String(minutes), ...(remote ? { remote } : {}) };
    const url = summaryRoute.$url({ query }).href;
    let response: Awaited<ReturnType<typeof summaryRoute.$get>>;
    try {
      response = await summaryRoute.$get({ query }, { init: { signal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS) } });
    } catch (error) {
      throw new SummaryUnreadable(`the health summary could not be read from ${url}: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const hint = response.status === 401 || response.status === 404 ? ' (outside local mode the service needs OPS_TOKEN, and the same OPS_TOKEN here)' : '';
      throw new SummaryUnreadable(`the health summary at ${url} answered HTTP ${response.status}${hint}`);
    }
    // Typed by the service's route; checked all the same, being another process's answer.
    const body: TelemetrySummary | null = await response.json().catch(() => null);
    const valid =
      body !== null &&
      Array.isArray(body.deployments) &&
      body.deployments.every(
        (d) =>
          typeof d.remote === 'string' &&
          typeof d.version === 'string' &&
          (COHORTS as readonly string[]).includes(d.cohort) &&
          [d.views, d.loadFailures, d.renderErrors, d.hydrationErrors].every(isCount) &&
          validVitals((d as { vitals?: unknown }).vitals) &&
          validNetworks((d as { networks?: unknown }).networks) &&
          validServer((d as { server?: unknown }).server),
      );
    if (!valid) throw new SummaryUnreadable(`the health summary at ${url} is not one (an answer of another shape)`);
    return body;
  };
}

/** A deployment's server signals as the service counts them (none: a service that does not count them). */
function validServer(server: unknown): boolean {
  if (server === undefined) return true;
  if (typeof server !== 'object' || server === null) return false;
  const { pages, unrendered } = server as Record<string, unknown>;
  return isCount(pages) && isCount(unrendered);
}

/** A deployment's networks as the service counts them (none: a service that does not count them, and so no evidence). */
function validNetworks(networks: unknown): boolean {
  if (networks === undefined) return true;
  if (typeof networks !== 'object' || networks === null) return false;
  const { views, errors, vitals } = networks as Record<string, unknown>;
  return isCount(views) && isCount(errors) && vitals !== undefined && validVitals(vitals);
}

/** A deployment's histograms as the service sums them (none: a service that does not keep them). */
function validVitals(vitals: unknown): boolean {
  if (vitals === undefined) return true;
  if (typeof vitals !== 'object' || vitals === null) return false;
  return VITALS.every((vital) => {
    const histogram = (vitals as Record<string, unknown>)[vital];
    return Array.isArray(histogram) && histogram.length === VITAL_BUCKETS[vital].length && histogram.every(isCount);
  });
}

/**
 * The version the shell reports for a deployment: its store version, or for a manifest elsewhere
 * the folder it is in (`local` at a host's root), as the site's server signs it in a view token.
 */
export function reportedVersion(version: string): string {
  return version.includes('/') ? versionOfManifest(version) : version;
}

/** One deployment's figures in a summary (zero when it has none). */
export function figuresOf(summary: TelemetrySummary, remote: RemoteName, version: string, cohort: 'stable' | 'canary'): Figures {
  const reported = reportedVersion(version);
  const rows = summary.deployments.filter((d) => d.remote === remote && d.version === reported && d.cohort === cohort);
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const loadFailures = sum((r) => r.loadFailures);
  const renderErrors = sum((r) => r.renderErrors);
  const hydrationErrors = sum((r) => r.hydrationErrors);
  const vitals = Object.fromEntries(
    VITALS.map((vital) => [vital, NO_VITALS[vital].map((_, bucket) => sum((r) => r.vitals?.[vital]?.[bucket] ?? 0))]),
  ) as unknown as VitalHistograms;
  const networks: NetworkFigures = {
    views: sum((r) => r.networks?.views ?? 0),
    errors: sum((r) => r.networks?.errors ?? 0),
    vitals: Object.fromEntries(
      VITALS.map((vital) => [vital, NO_VITALS[vital].map((_, bucket) => sum((r) => r.networks?.vitals?.[vital]?.[bucket] ?? 0))]),
    ) as unknown as VitalHistograms,
  };
  const server: ServerFigures = { pages: sum((r) => r.server?.pages ?? 0), unrendered: sum((r) => r.server?.unrendered ?? 0) };
  return { version, views: sum((r) => r.views), errors: loadFailures + renderErrors + hydrationErrors, loadFailures, renderErrors, hydrationErrors, vitals, networks, server };
}

export function healthIn(summary: TelemetrySummary, remote: RemoteName, deployments: Deployments): Extract<RemoteHealth, { measured: true }> {
  return {
    measured: true,
    minutes: summary.minutes,
    stable: figuresOf(summary, remote, deployments.stable, 'stable'),
    canary: deployments.canary ? figuresOf(summary, remote, deployments.canary, 'canary') : null,
  };
}

/** Reads the summary once for every remote; a summary that cannot be read is shown as such, not as a failure of the command. */
export function summaryHealth(source: SummarySource, minutes = HEALTH_WINDOW_MINUTES): HealthReader {
  let summary: Promise<TelemetrySummary> | null = null;
  return async (remote, deployments) => {
    try {
      return healthIn(await (summary ??= source(minutes)), remote, deployments);
    } catch (error) {
      if (error instanceof SummaryUnreadable) return { measured: false, why: error.message };
      throw error;
    }
  };
}

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;

/** "9 errors / 20 views (45%)". */
export function figuresText({ errors, views }: Pick<Figures, 'errors' | 'views'>): string {
  const rate = views > 0 ? percent(errors, views) : 'no views';
  return `${errors} error${errors === 1 ? '' : 's'} / ${views} view${views === 1 ? '' : 's'} (${rate})`;
}

/** "from 12 networks, 3 with errors (25%)". */
export function networksText({ networks }: Pick<Figures, 'networks'>): string {
  const { views, errors } = networks;
  const rate = views > 0 ? ` (${percent(errors, views)})` : '';
  return `from ${views} network${views === 1 ? '' : 's'}, ${errors} with errors${rate}`;
}

/** "3 of 40 pages served unrendered (7.5%)". */
export function serverText({ server }: Pick<Figures, 'server'>): string {
  const rate = server.pages > 0 ? ` (${percent(server.unrendered, server.pages)})` : '';
  return `${server.unrendered} of ${server.pages} page${server.pages === 1 ? '' : 's'} served unrendered${rate}`;
}

/** "p75 LCP ≤ 1250 ms, INP ≤ 50 ms, CLS ≤ 0.01". */
export function speedText({ vitals }: Pick<Figures, 'vitals'>): string {
  return `p75 ${VITALS.map((vital) => p75Text(vital, vitals[vital])).join(', ')}`;
}

/** The lines `release status` prints (a new kind of health fails to compile until it has its lines). */
export function healthLines(health: RemoteHealth): string[] {
  switch (health.measured) {
    case false:
      return [`health: not measured (${health.why})`];
    case true:
      return [
        `health over ${health.minutes} min: stable ${figuresText(health.stable)} ${networksText(health.stable)}${health.canary ? `; canary ${figuresText(health.canary)} ${networksText(health.canary)}` : ''}`,
        `speed over ${health.minutes} min: stable ${speedText(health.stable)}${health.canary ? `; canary ${speedText(health.canary)}` : ''}`,
        `server over ${health.minutes} min: stable ${serverText(health.stable)}${health.canary ? `; canary ${serverText(health.canary)}` : ''}`,
      ];
  }
}
