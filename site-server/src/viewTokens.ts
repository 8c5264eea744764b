// The view token served beside each page (@site/service-user/view-token says what it is): signed
// here for the deployments the remotes document gives this visitor, set in a cookie on the page's
// response, never in its HTML, so that the public pages stay cached. The shell sends it with its
// health beacons, and only what it vouches for is counted.
import { deploymentFor, REMOTE_NAMES, versionOfManifest, type PreviewPin, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { LOCAL_VIEW_TOKEN_SECRET, signViewToken, VIEW_TOKEN_COOKIE, VIEW_TOKEN_TTL_S, type ViewDeployments } from '@site/service-user/view-token';
import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { configuredSecret } from './runtimeConfig';
import { visitorIdOf } from './visitor';
import { visitorUsesHttps } from './proxy';

type Env = Record<string, string | undefined>;

/**
 * VIEW_TOKEN_SECRET, the user service's own: the public local value in local mode only; outside
 * it, unset, short or the local value refuses the start (a health figure nobody can forge needs a
 * secret nobody else knows).
 */
export const viewTokenSecret = (env: Env = process.env): string => configuredSecret(env, 'VIEW_TOKEN_SECRET', LOCAL_VIEW_TOKEN_SECRET, "the user service's");

/** The deployment of each remote this visitor is given: its version (the store's folder) and cohort (a preview's counted apart). */
export function viewDeployments(document: RemotesDocument, visitorId: string, pin?: PreviewPin | null): ViewDeployments {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const { manifest, cohort } = deploymentFor(name, document[name], visitorId, pin);
      return [name, { version: versionOfManifest(manifest), cohort }];
    }),
  );
}

/** Sets a fresh view token beside every page this app answers (a 200 of HTML), and nothing beside anything else. */
export function viewTokenCookie({
  remotes,
  secret,
  pinOf = async () => null,
}: {
  remotes: () => RemotesDocument;
  secret: string;
  /** The preview pinned in the request's browser (previewPins.ts). */
  pinOf?: (c: Context) => Promise<PreviewPin | null>;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // A view is a page asked for with GET and answered: a HEAD, an OPTIONS or an error views nothing.
    if (c.req.method !== 'GET' || c.res.status !== 200 || !(c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) return;
    let document: RemotesDocument;
    try {
      document = remotes();
    } catch {
      return; // no remotes document yet: no deployment to vouch for
    }
    const token = await signViewToken(secret, viewDeployments(document, visitorIdOf(c), await pinOf(c)));
    setCookie(c, VIEW_TOKEN_COOKIE, token, { path: '/', sameSite: 'Lax', maxAge: VIEW_TOKEN_TTL_S, secure: visitorUsesHttps(c) });
  };
}
