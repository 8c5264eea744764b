// What the shell, the site's server and the user service agree on about the health beacons
// (nothing here imports anything: the browser's code reads it too). The token itself: viewToken.ts.

/** The cookie the site's server sets beside each page (read by the shell; never sent to the service as a cookie). */
export const VIEW_TOKEN_COOKIE = 'view-token';
/** A token is good this long after its page was served: the health window of `release watch`. */
export const VIEW_TOKEN_TTL_S = 30 * 60;
/** The public value of local mode (development and test), refused outside it. */
export const LOCAL_VIEW_TOKEN_SECRET = 'local-development-only-view-token-secret';
/** Longer than any token the server signs (three remotes, 64-character versions). */
export const VIEW_TOKEN_MAX_LENGTH = 1024;

/** The remotes the shell reports on (the site's remotes document names the same three). */
export const TELEMETRY_REMOTES = ['mfe_marketing', 'mfe_auth', 'mfe_account'] as const;
export type TelemetryRemote = (typeof TELEMETRY_REMOTES)[number];

/** A preview (one browser pinned to a version by `release preview`) is counted apart from both. */
export const COHORTS = ['stable', 'canary', 'preview'] as const;
export type Cohort = (typeof COHORTS)[number];

/** A version as the store names its folders (and `local` for a manifest at a host's root). */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
