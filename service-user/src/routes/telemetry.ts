import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Deps } from '../http/env';
import { ApiError } from '../http/errors';
import { HEALTH_WINDOW_MINUTES, SUMMARY_MAX_MINUTES, TELEMETRY_MAX_EVENTS, TELEMETRY_REMOTES, VIEW_TOKEN_MAX_LENGTH, VITAL_MAX, VITALS } from '@site/contract/telemetry';
import { verifyServerSignals, verifyViewGrantRequest, verifyViewToken } from '@site/contract/view-token';
import { addressHasher, networkHasher } from '../http/addressHash';
import { clientAddress, limitBody, publicRateLimit, requireOperatorToken } from '../http/middleware';
import { HEALTH_EVENT_KINDS, healthCounters, type DeploymentHealth } from '../store/telemetry';

/**
 * A batch is a few events from one page: anything larger is not the shell's. It holds the largest
 * token the site's server signs (three remotes, 64-character versions: about 610 characters; and
 * VIEW_TOKEN_MAX_LENGTH's 1,024 besides) with 20 events of either shape at their longest (a vital's
 * value written out in 24 digits): 2.5 KB at most.
 */
export const TELEMETRY_BODY_LIMIT_BYTES = 3072;

// Strict objects: a field beyond these (an id, a URL, a user agent) refuses the batch rather than
// being ignored. An event names its remote and kind only: the version and cohort are the view
// token's, as the site's server signed them (contract/src/viewToken.ts).
const healthEvent = z.strictObject({
  remote: z.enum(TELEMETRY_REMOTES),
  kind: z.enum(HEALTH_EVENT_KINDS),
});
// A vital names its remote, which vital, and the value the shell measured (a finite number from 0
// up to the vital's VITAL_MAX): it is kept only as a count in that value's bucket.
const vitalEvent = z
  .strictObject({
    remote: z.enum(TELEMETRY_REMOTES),
    vital: z.enum(VITALS),
    value: z.number().min(0),
  })
  .superRefine((event, ctx) => {
    if (event.value > VITAL_MAX[event.vital]) ctx.addIssue({ code: 'custom', path: ['value'], message: `At most ${VITAL_MAX[event.vital]} for ${event.vital}.` });
  });

/** A remote's health event (a view, a load failure, a render or hydration error). */
export type TelemetryHealthEvent = z.infer<typeof healthEvent>;
/** A remote's field vital of one page view (LCP and INP in milliseconds, CLS unitless). */
export type TelemetryVitalEvent = z.infer<typeof vitalEvent>;
/** What a beacon's events are: health events and vitals, in any order. */
export type TelemetryEvent = TelemetryHealthEvent | TelemetryVitalEvent;

// An event that names a vital is read as a vital, any other as a health event: its issues are then
// that shape's own, each naming its field (events.3.value), as a union's would not.
const telemetryEvent = z.unknown().transform((value, ctx): TelemetryEvent => {
  const shape = typeof value === 'object' && value !== null && 'vital' in value ? vitalEvent : healthEvent;
  const parsed = shape.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
const telemetryBatch = z.strictObject({
  token: z.string().min(1).max(VIEW_TOKEN_MAX_LENGTH),
  events: z.array(telemetryEvent).min(1).max(TELEMETRY_MAX_EVENTS),
});

/** What the shell sends (as text/plain: navigator.sendBeacon's JSON type would need a preflight). */
export type TelemetryBatch = z.infer<typeof telemetryBatch>;

const grantBody = z.strictObject({ request: z.string().min(1).max(VIEW_TOKEN_MAX_LENGTH) });
const signalsBody = z.strictObject({
  report: z
    .string()
    .min(1)
    .max(4 * VIEW_TOKEN_MAX_LENGTH),
});

/**
 * POST /telemetry/view-grants's answer: whether the site's server may give this address one more
 * view token now; when not, in how many milliseconds its window ends (until then every ask is
 * refused, so the site's server need not ask again before).
 */
export type ViewGrant = { granted: true } | { granted: false; retryAfterMs: number };

const summaryQuery = z.strictObject({
  remote: z.enum(TELEMETRY_REMOTES).optional(),
  minutes: z.coerce.number().int().min(1).max(SUMMARY_MAX_MINUTES).default(HEALTH_WINDOW_MINUTES),
});

/**
 * GET /telemetry/summary's answer: per deployment of each remote, the counts over the window, and
 * of each vital the samples per bucket (VITAL_BUCKETS).
 */
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
 * A request's body read as JSON whatever its type (a beacon comes as text/plain) and checked
 * against `schema`: anything else is a 400 naming the fields, never an exception of the parser.
 */
async function bodyOf<T extends z.ZodType>(text: Promise<string>, schema: T): Promise<z.infer<T>> {
  let json: unknown;
  try {
    json = JSON.parse(await text);
  } catch {
    throw invalidBody('(body)');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidBody(parsed.error.issues.map((issue) => issue.path.join('.') || '(body)').join(', '));
  return parsed.data;
}

/**
 * The shell's health beacons per remote, version and cohort, counted per minute (nothing else is
 * kept: no address, no agent, no id; of a vital, only a count in its value's bucket), and their
 * summary for the release command. A beacon counts only with a valid view token, once per token,
 * remote and kind (and vital), and within its address's cap;
 * anything else is answered 204 all the same (a forger learns nothing from the answer).
 */
export function telemetryRoutes(deps: Deps) {
  const counters = healthCounters(deps.db);
  const hashAddress = addressHasher(deps.config.addressHashSecret);
  const hashNetwork = networkHasher(deps.config.addressHashSecret);
  const limit = publicRateLimit(deps, { prefix: 'telemetry', limit: deps.config.telemetryRateLimit });
  return new Hono()
    .post('/telemetry/view-grants', limitBody(2048), async (c) => {
      // Asked by the site's server before it signs a view token: at most VIEW_TOKENS_PER_ADDRESS
      // a minute for one address, counted here for every replica, under a keyed hash of it.
      const body = await bodyOf(c.req.text(), grantBody);
      const address = await verifyViewGrantRequest(deps.config.viewTokenSecret, body.request);
      if (address === null) throw new ApiError(401, 'view_grant_invalid', "Sign the request with the view tokens' secret (VIEW_TOKEN_SECRET), as the site's server does.");
      const { granted, retryAfterMs } = await counters.grantView(hashAddress(address), deps.config.viewTokensPerAddress);
      return c.json((granted ? { granted: true } : { granted: false, retryAfterMs }) satisfies ViewGrant);
    })
    .post('/telemetry/server-signals', limitBody(8192), async (c) => {
      // What the site's server saw itself as it drew the pages it gave view tokens with.
      const body = await bodyOf(c.req.text(), signalsBody);
      const report = await verifyServerSignals(deps.config.viewTokenSecret, body.report);
      if (report === null) throw new ApiError(401, 'server_signals_invalid', "Sign the report with the view tokens' secret (VIEW_TOKEN_SECRET), as the site's server does.");
      await counters.recordServerSignals(report);
      return c.body(null, 204);
    })
    .post('/telemetry', limit, beaconBody, limitBody(TELEMETRY_BODY_LIMIT_BYTES), async (c) => {
      const batch = await bodyOf(c.req.text(), telemetryBatch);
      const token = await verifyViewToken(deps.config.viewTokenSecret, batch.token);
      if (token) {
        // The cap is kept under a keyed hash of the address (addressHash.ts): nothing stored names the client.
        const address = clientAddress(c, deps.config.trustProxy);
        // And the figures count networks, under a keyed hash of the address's /24 or /48: one vote each.
        await counters.recordVouched(token, batch.events, { client: hashAddress(address), ...deps.config.telemetryCountsPerAddress }, hashNetwork(address));
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
