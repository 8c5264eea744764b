// What the shell, the site's server and the user service agree on about the health beacons
// (it imports nothing but the contract's list of remotes: the browser's code reads it too). The token
// itself: viewToken.ts.
import { REMOTE_NAMES, type RemoteName } from './remotes';

/** The cookie the site's server sets beside each page (read by the shell; never sent to the service as a cookie). */
export const VIEW_TOKEN_COOKIE = 'view-token';
/**
 * The health window: the summary's default span, the span `release watch` judges a canary over, and
 * how long a view token counts after its page was served.
 */
export const HEALTH_WINDOW_MINUTES = 30;
/** The longest window the summary is asked for (a day). */
export const SUMMARY_MAX_MINUTES = 1440;
/** A token is good this long after its page was served: the health window. */
export const VIEW_TOKEN_TTL_S = HEALTH_WINDOW_MINUTES * 60;
/** The public value of local mode (development and test), refused outside it. */
export const LOCAL_VIEW_TOKEN_SECRET = 'local-development-only-view-token-secret';
/** Longer than any token the server signs (three remotes, 64-character versions). */
export const VIEW_TOKEN_MAX_LENGTH = 1024;

/** The most events one beacon may carry (the shell sends more in several). */
export const TELEMETRY_MAX_EVENTS = 20;

/** The remotes the shell reports on: the site's remotes (remotes.ts). */
export const TELEMETRY_REMOTES = REMOTE_NAMES;
export type TelemetryRemote = RemoteName;

/** A preview (one browser pinned to a version by `release preview`) is counted apart from both. */
export const COHORTS = ['stable', 'canary', 'preview'] as const;
export type Cohort = (typeof COHORTS)[number];

/** A version as the store names its folders (and `local` for a manifest at a host's root). */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The field speed of a remote's page view, as the shell measures it with web-vitals: Largest
 * Contentful Paint and Interaction to Next Paint in milliseconds, Cumulative Layout Shift unitless.
 * A beacon reports each at most once per view (the view token) and remote.
 */
export const VITALS = ['lcp', 'inp', 'cls'] as const;
export type Vital = (typeof VITALS)[number];

/**
 * Each vital is kept in fixed buckets, never as a visitor's own figure: bucket i counts the values
 * from VITAL_BUCKETS[v][i] up to the next bound (the last one, everything above). The bounds follow
 * web.dev's thresholds (LCP 2.5 s and 4 s, INP 200 ms and 500 ms, CLS 0.1 and 0.25), finer below.
 */
export const VITAL_BUCKETS: Readonly<Record<Vital, readonly number[]>> = {
  lcp: [0, 250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000],
  inp: [0, 16, 32, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000],
  cls: [0, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1],
};

/** The largest value a beacon may report (anything above is not a page view's, and is refused). */
export const VITAL_MAX: Readonly<Record<Vital, number>> = { lcp: 120_000, inp: 60_000, cls: 100 };

/** The bucket a value falls in (values are at least 0). */
export function vitalBucket(vital: Vital, value: number): number {
  const bounds = VITAL_BUCKETS[vital];
  let bucket = 0;
  while (bucket + 1 < bounds.length && value >= bounds[bucket + 1]!) bucket += 1;
  return bucket;
}
