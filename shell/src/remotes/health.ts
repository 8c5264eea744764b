// The health of each remote as visitors meet it, reported to the user service (POST /telemetry)
// per remote, version and cohort: a page view, a load failure (after the retry), a render error
// caught by the boundary, a hydration error. The release command reads the summary and rolls a
// failing canary back (release watch). Nothing else is sent: no visitor id, no URL, no time.
import { runtimeConfig, type TelemetryBatch, type TelemetryEvent } from '@site/shared-ui';
import type { RemoteName } from '@site/shared-ui/remotes-document';

export type HealthEventKind = TelemetryEvent['kind'];
export type Cohort = TelemetryEvent['cohort'];

/** Which deployment of a remote this visitor gets: its manifest URL, and the cohort that chose it. */
export interface RemoteDeployment {
  manifest: string;
  cohort: Cohort;
}

/** The version of a manifest served at a host's root (each remote's own port, locally). */
export const LOCAL_VERSION = 'local';
/** A manifest folder that is no version the service accepts (not the store's layout). */
export const UNRECOGNISED_VERSION = 'unrecognised';
/** Events wait this long for company before they are sent (or until the page is hidden). */
export const FLUSH_DELAY_MS = 5_000;
/** The service's limit per beacon. */
export const EVENTS_PER_BEACON = 20;
/** A page that keeps failing (a retry loop) reports this many events at most. */
export const MAX_EVENTS_PER_PAGE = 200;

const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A deployment's version: the folder its manifest is in (the store's `<remote>/<version>/`), or
 * `local` for a manifest at a host's root.
 */
export function versionOfManifest(manifestUrl: string): string {
  let path: string;
  try {
    path = new URL(manifestUrl, 'http://base.invalid').pathname;
  } catch {
    return UNRECOGNISED_VERSION;
  }
  const folders = path.split('/').filter(Boolean).slice(0, -1);
  const folder = folders.at(-1);
  if (folder === undefined) return LOCAL_VERSION;
  return VERSION_PATTERN.test(folder) ? folder : UNRECOGNISED_VERSION;
}

export interface HealthReporterOptions {
  /** Sends one batch; false when the browser would not take it. */
  send: (batch: TelemetryBatch) => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  /** Where pagehide and visibilitychange are heard (none during a server render). */
  target?: (Pick<Window, 'addEventListener'> & { document: Pick<Document, 'addEventListener' | 'visibilityState'> }) | null;
}

/** Batches events and sends them after FLUSH_DELAY_MS, when the page is hidden, or when a beacon is full. */
export function createHealthReporter({ send, setTimer = (run, ms) => setTimeout(run, ms), target = null }: HealthReporterOptions) {
  const deployments = new Map<RemoteName, RemoteDeployment>();
  let queue: TelemetryEvent[] = [];
  let reported = 0;
  let timer = false;
  let listening = false;

  const flush = () => {
    timer = false;
    const events = queue;
    queue = [];
    for (let at = 0; at < events.length; at += EVENTS_PER_BEACON) {
      try {
        send({ events: events.slice(at, at + EVENTS_PER_BEACON) });
      } catch {
        // Health reports are best effort: they never break or block the page.
      }
    }
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

  const health = {
    /** The deployments in force for this visitor (federation.ts tells, at each registration). */
    rememberDeployments(current: ReadonlyMap<RemoteName, RemoteDeployment>): void {
      for (const [remote, deployment] of current) deployments.set(remote, deployment);
    },

    /** Counts one event of a remote whose deployment is known (none is during a server render). */
    report(remote: RemoteName, kind: HealthEventKind): void {
      const deployment = deployments.get(remote);
      if (!deployment || reported >= MAX_EVENTS_PER_PAGE) return;
      reported += 1;
      queue.push({ remote, version: versionOfManifest(deployment.manifest), cohort: deployment.cohort, kind });
      listen();
      if (queue.length >= EVENTS_PER_BEACON) flush();
      else if (!timer) {
        timer = true;
        setTimer(flush, FLUSH_DELAY_MS);
      }
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

const reporter = createHealthReporter({ send: sendBeaconToService, target: typeof window === 'undefined' ? null : window });

export const rememberDeployments = reporter.rememberDeployments;
export const reportRemoteEvent = reporter.report;
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
