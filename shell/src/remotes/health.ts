// The health of each remote as visitors meet it, reported to the user service (POST /telemetry):
// a page view, a load failure (after the retry), a render error caught by the boundary, a
// hydration error, and the field speed of the page a visit starts on (LCP, INP, CLS: vitals.ts). Each beacon carries the view token the site's server set beside the page (its
// cookie): the service counts an event only with it, under the version and cohort the token names,
// once per token, remote and kind. The release command reads the summary and rolls a failing
// canary back (release watch). Nothing else is sent: no visitor id, no URL, no time.
import { runtimeConfig, TELEMETRY_MAX_EVENTS, VIEW_TOKEN_COOKIE, type TelemetryBatch, type TelemetryEvent, type Vital } from '@site/shared-ui';
import { readCookie } from '@site/shared-ui/cookies';
import type { Cohort, Deployment, RemoteName } from '@site/shared-ui/remotes-document';

export type HealthEventKind = Extract<TelemetryEvent, { kind: string }>['kind'];

/** Which deployment of a remote this visitor gets: its manifest URL, and the cohort that chose it. */
export interface RemoteDeployment extends Deployment {
  cohort: Cohort;
}

/** Events wait this long for company before they are sent (or until the page is hidden). */
export const FLUSH_DELAY_MS = 5_000;

export interface HealthReporterOptions {
  /** The page's view token (null: none was served with the page, and nothing would count: nothing is sent). */
  token: string | null;
  /** Sends one batch; false when the browser would not take it. */
  send: (batch: TelemetryBatch) => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Where pagehide and visibilitychange are heard (none during a server render). */
  target?: (Pick<Window, 'addEventListener'> & { document: Pick<Document, 'addEventListener' | 'visibilityState'> }) | null;
}

/** Batches events and sends them after FLUSH_DELAY_MS, when the page is hidden, or when a beacon is full. */
export function createHealthReporter({ token, send, setTimer = (run, ms) => setTimeout(run, ms), target = null }: HealthReporterOptions) {
  const deployments = new Map<RemoteName, RemoteDeployment>();
  let queue: TelemetryEvent[] = [];
  /** Each remote's vitals as last measured, sent with the next beacon (the service counts the first per view). */
  const vitals = new Map<string, TelemetryEvent>();
  const sent = new Set<string>();
  let timer = false;
  let listening = false;

  /** Sends events in beacons of at most TELEMETRY_MAX_EVENTS (the service's limit), with the page's view token (none: nothing would count, nothing is sent). */
  const sendAll = (events: TelemetryEvent[]) => {
    if (!token) return;
    for (let at = 0; at < events.length; at += TELEMETRY_MAX_EVENTS) {
      try {
        send({ token, events: events.slice(at, at + TELEMETRY_MAX_EVENTS) });
      } catch {
        // Health reports are best effort: they never break or block the page.
      }
    }
  };
  /** Everything that waits (the page is hidden or going, or a beacon is full): the vitals go only then. */
  const flush = () => {
    timer = false;
    const events = [...queue, ...vitals.values()];
    queue = [];
    vitals.clear();
    sendAll(events);
  };
  /** The events only (their timer): the vitals wait for the page to be hidden, their values final. */
  const flushEvents = () => {
    timer = false;
    const events = queue;
    queue = [];
    sendAll(events);
  };

  const listen = () => {
    if (listening || !target) return;
    listening = true;
    // pagehide, not unload: it also fires when the page enters the back/forward cache.
    target.addEventListener('pagehide', flush);
    target.document.addEventListener('visibilitychange', () => {
      if (target.document.visibilityState === 'hidden') flush();
    });
  };

  const soon = () => {
    listen();
    if (queue.length + vitals.size >= TELEMETRY_MAX_EVENTS) flush();
    else if (!timer) {
      timer = true;
      setTimer(flushEvents, FLUSH_DELAY_MS);
    }
  };

  const health = {
    /** The deployments in force for this visitor (federation.ts tells, at each registration). */
    rememberDeployments(current: ReadonlyMap<RemoteName, RemoteDeployment>): void {
      for (const [remote, deployment] of current) deployments.set(remote, deployment);
    },

    /**
     * Counts one event of a remote whose deployment is known (none is during a server render).
     * The service counts each kind once per page and remote: a repeat is not sent.
     */
    report(remote: RemoteName, kind: HealthEventKind): void {
      if (!deployments.has(remote)) return;
      const key = `${remote} ${kind}`;
      if (sent.has(key)) return;
      sent.add(key);
      queue.push({ remote, kind });
      soon();
    },

    /**
     * A vital of the page a visit starts on, as measured so far (web-vitals reports each change):
     * kept until the page is hidden or goes (the service keeps one value per view: the final one,
     * an INP over every interaction of the visit), or a beacon is full.
     */
    reportVital(remote: RemoteName, vital: Vital, value: number): void {
      if (!deployments.has(remote) || !Number.isFinite(value) || value < 0) return;
      vitals.set(`${remote} ${vital}`, { remote, vital, value: vital === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value) });
      listen();
      if (queue.length + vitals.size >= TELEMETRY_MAX_EVENTS) flush();
    },

    /**
     * hydrateRoot's onRecoverableError for a prerendered page of this remote: React recovered by
     * rendering afresh (the visitor sees the page), the remote's health counts a hydration error,
     * and the error still reaches the console.
     */
    hydrationErrorHandler(remote: RemoteName) {
      return (error: unknown) => {
        health.report(remote, 'hydration_error');
        if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
        else console.error(error);
      };
    },

    flush,
  };
  return health;
}

/** navigator.sendBeacon with a text/plain body: a simple request, no CORS preflight (JSON's type would need one). */
export function sendBeaconToService(batch: TelemetryBatch): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(`${runtimeConfig().userServiceUrl}/telemetry`, new Blob([JSON.stringify(batch)], { type: 'text/plain' }));
}

const reporter = createHealthReporter({
  // Read once, as the page starts: the token served with this page (a later page's may replace the cookie).
  token: typeof document === 'undefined' ? null : (readCookie(VIEW_TOKEN_COOKIE) ?? null),
  send: sendBeaconToService,
  target: typeof window === 'undefined' ? null : window,
});

export const rememberDeployments = reporter.rememberDeployments;
export const reportRemoteEvent = reporter.report;
export const reportRemoteVital = reporter.reportVital;
export const hydrationErrorHandler = (remote: RemoteName) => reporter.hydrationErrorHandler(remote);

/** An error the loader already counted as a load failure: the boundary does not count it again as a render error. */
export class RemoteLoadFailure extends Error {
  override name = 'RemoteLoadFailure';
  constructor(
    readonly remote: RemoteName,
    override readonly cause: unknown,
  ) {
    super(`${remote} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
