import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { createHash } from 'node:crypto';
import { TELEMETRY_REMOTES, VIEW_TOKEN_MAX_LENGTH } from '../contract/telemetry';
import { verifyViewToken } from '../contract/viewToken';
import { clientAddress, limitBody, publicRateLimit, requireOperatorToken } from '../http/middleware';
import { HEALTH_EVENT_KINDS, healthCounters, type DeploymentHealth } from '../store/telemetry';

export { TELEMETRY_REMOTES };

/** A batch is a few events from one page: anything larger is not the shell's. */
export const TELEMETRY_BODY_LIMIT_BYTES = 2048;
export const TELEMETRY_MAX_EVENTS = 20;
export const SUMMARY_DEFAULT_MINUTES = 30;
export const SUMMARY_MAX_MINUTES = 1440;

// Strict objects: a field beyond these (an id, a URL, a user agent) refuses the batch rather than
// being ignored. An event names its remote and kind only: the version and cohort are the view
// token's, as the site's server signed them (contract/viewToken.ts).
const healthEvent = z.strictObject({
  remote: z.enum(TELEMETRY_REMOTES),
  kind: z.enum(HEALTH_EVENT_KINDS),
});
const telemetryBatch = z.strictObject({
  token: z.string().min(1).max(VIEW_TOKEN_MAX_LENGTH),
  events: z.array(healthEvent).min(1).max(TELEMETRY_MAX_EVENTS),
});

/** What the shell sends (as text/plain: navigator.sendBeacon's JSON type would need a preflight). */
export type TelemetryBatch = z.infer<typeof telemetryBatch>;
export type TelemetryEvent = TelemetryBatch['events'][number];

const summaryQuery = z.strictObject({
  remote: z.enum(TELEMETRY_REMOTES).optional(),
  minutes: z.coerce.number().int().min(1).max(SUMMARY_MAX_MINUTES).default(SUMMARY_DEFAULT_MINUTES),
});

/** GET /telemetry/summary's answer: per deployment of each remote, the counts over the window. */
export interface TelemetrySummary {
  minutes: number;
  deployments: DeploymentHealth[];
}

/** A beacon's body is JSON sent as text/plain (or application/json); anything else is refused before it is read. */
const beaconBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^(text\/plain|application\/json)\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the events as JSON, with Content-Type text/plain or application/json.');
  }
  await next();
};

const invalidBody = (fields: string) => new ApiError(400, 'invalid_body', `Invalid or missing fields: ${fields}.`);

/**
 * The shell's health beacons per remote, version and cohort, counted per minute (nothing else is
 * kept: no address, no agent, no id), and their summary for the release command. A beacon counts
 * only with a valid view token, once per token, remote and kind, and within its address's cap;
 * anything else is answered 204 all the same (a forger learns nothing from the answer).
 */
export function telemetryRoutes(deps: Deps) {
  const counters = healthCounters(deps.db);
  const limit = publicRateLimit(deps, { prefix: 'telemetry', limit: deps.config.telemetryRateLimit });
  return new Hono()
    .post('/telemetry', limit, beaconBody, limitBody(TELEMETRY_BODY_LIMIT_BYTES), async (c) => {
      let json: unknown;
      try {
        json = JSON.parse(await c.req.text());
      } catch {
        throw invalidBody('(body)');
      }
      const parsed = telemetryBatch.safeParse(json);
      if (!parsed.success) throw invalidBody(parsed.error.issues.map((issue) => issue.path.join('.') || '(body)').join(', '));
      const token = await verifyViewToken(deps.config.viewTokenSecret, parsed.data.token);
      if (token) {
        // The cap is kept under a hash of the address: nothing stored names the client.
        const client = createHash('sha256').update(clientAddress(c, deps.config.trustProxy)).digest('hex');
        await counters.recordVouched(token, parsed.data.events, { client, ...deps.config.telemetryCountsPerAddress });
      }
      // A beacon is a no-cors request from the site's origin: the default same-origin resource
      // policy would have the browser block the answer and log an error on every page.
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return c.body(null, 204);
    })
    .get(
      '/telemetry/summary',
      // Read by the release command (OPS_TOKEN), as /metrics is by a scraper (METRICS_TOKEN).
      requireOperatorToken({
        token: deps.config.opsToken,
        local: deps.config.local,
        refusal: { code: 'ops_token_invalid', message: 'Present the operations token as Authorization: Bearer <OPS_TOKEN>.' },
      }),
      async (c) => {
        const parsed = summaryQuery.safeParse(c.req.query());
        if (!parsed.success) {
          const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(query)').join(', ');
          throw new ApiError(400, 'invalid_query', `Invalid query parameters: ${fields} (remote: ${TELEMETRY_REMOTES.join(', ')}; minutes: 1 to ${SUMMARY_MAX_MINUTES}).`);
        }
        const { remote, minutes } = parsed.data;
        const summary: TelemetrySummary = { minutes, deployments: await counters.summary(minutes, remote) };
        return c.json(summary);
      },
    );
}
