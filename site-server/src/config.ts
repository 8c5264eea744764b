// The one module of the site's server that reads its environment (process.env). Every other module
// is given it: an `env` argument (Env), defaulting to siteEnv(), which the start commands (serve.ts,
// replica.ts) and the servers' constructors (siteServers.ts) read once and pass down. The variables,
// their defaults and what production refuses: docs/configuration.md (its test,
// tools/configurationReference.test.ts, fails when this package reads process.env anywhere else).

/** An environment: the process's, or one a test or a caller (bench/, e2e/, release/) builds. */
export type Env = Record<string, string | undefined>;

/**
 * The process's environment, as it is when asked (the same object, not a copy): the start command
 * sets its local defaults in it (serve.ts, NODE_ENV and the emulator's address) before the servers
 * read it, and the few settings a running server reads again read what is set then (TRUST_PROXY,
 * VIEW_TOKEN_SECRET: each caches what it parsed per value).
 */
export const siteEnv = (): Env => process.env;
