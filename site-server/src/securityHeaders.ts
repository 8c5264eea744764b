// Security headers of the production servers, as options of Hono's secureHeaders. The
// Content-Security-Policy is computed from the same runtime configuration the pages get (remotes,
// user service, Firebase, Stripe), so it allows exactly the origins this environment uses and
// nothing more, and from the page served (its inline scripts' hashes).
import { allManifests, type RemotesDocument } from '@site/shared-ui/remotes-document';
import type { secureHeaders as honoSecureHeaders } from 'hono/secure-headers';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { siteEnv } from './config';
import { browserConfig, FIREBASE_AUTH_ORIGINS, remotesDocument, type BrowserConfig } from './runtimeConfig';

const originOf = (url: string, base?: string) => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Sets of inline scripts whose hashes are kept: index.html's and the drawn pages' scripts, a handful; the least recently served is dropped first. */
export const MAX_SCRIPT_SETS = 64;
const hashesOf = new LRUCache<string, string[]>({ max: MAX_SCRIPT_SETS });
/**
 * The hashes of a page's inline scripts (pre-paint, early events, the entry's loader), for
 * script-src; computed once per set of scripts. Kept by the scripts' code, never by the page: a
 * signed-in page's HTML holds its user's data, kept only for that user's next request. (A data block,
 * `<script type="application/json">`, is never run: not an inline script.)
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '');
  const key = scripts.join('\u0000');
  let hashes = hashesOf.get(key);
  if (!hashes) {
    hashes = scripts.map(sha256);
    hashesOf.set(key, hashes);
  }
  return hashes;
}

/**
 * FirebaseUI's templates carry two inline scripts: <form onsubmit="return false;"> (without it a
 * press of Enter would submit the widget's form natively and reload the page) and links to
 * javascript:void(0). 'unsafe-hashes' with their hashes allows exactly these two, nothing else.
 */
const FIREBASEUI_INLINE = ["'unsafe-hashes'", sha256('return false;'), sha256('javascript:void(0)')];

/** The origins of every manifest in the remotes document, canaries included (not this site's own). */
function remoteOrigins(doc: RemotesDocument): string[] {
  const self = 'http://self.invalid';
  return [
    ...new Set(
      allManifests(doc)
        .map((manifest) => originOf(manifest, self))
        .filter((o): o is string => Boolean(o) && o !== self),
    ),
  ];
}

export type SecurityHeaders = NonNullable<Parameters<typeof honoSecureHeaders>[0]>;

/**
 * The headers of a response serving `html` (or a file beside it). Built per response, not as
 * secureHeaders' per-request directive functions: those run before the handler, and the hashes
 * are those of the page the handler chose (a prerendered page has its own inline script).
 */
export function securityHeaders({
  html,
  env = siteEnv(),
  remotes = remotesDocument(env),
  config = {},
}: {
  html: string;
  env?: Record<string, string | undefined>;
  remotes?: RemotesDocument | null;
  config?: Partial<BrowserConfig>;
}): SecurityHeaders {
  const browser = { ...browserConfig(env), ...config };
  const remotesFrom = remotes ? remoteOrigins(remotes) : [];
  const service = originOf(browser.userServiceUrl);
  const emulator = browser.authEmulatorUrl ? originOf(browser.authEmulatorUrl) : null;
  const stripe = Boolean(browser.stripe?.pricingTableId && browser.stripe?.publishableKey);

  // Firebase Auth: the emulator locally, otherwise Google's token endpoints; the popup and
  // redirect handler's frame (the emulator's, or the auth domain's) and the Google API loader
  // that opens it.
  const firebaseConnect = emulator ? [emulator] : [FIREBASE_AUTH_ORIGINS.accounts, FIREBASE_AUTH_ORIGINS.tokens];
  const firebaseFrames = emulator ? [emulator] : [`https://${browser.firebase.authDomain}`];
  const firebaseScripts = ['https://apis.google.com', ...FIREBASEUI_INLINE];
  // FirebaseUI's icons (the password field's show/hide toggle).
  const firebaseImages = ['https://www.gstatic.com'];
  // Stripe's pricing table: its script, and the frame it renders in (only when configured).
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com'] : [];

  const sources = (...list: string[]) => (list.length > 0 ? [...new Set(list)] : ["'none'"]);

  return {
    contentSecurityPolicy: {
      defaultSrc: sources("'self'"),
      scriptSrc: sources("'self'", ...inlineScriptHashes(html), ...remotesFrom, ...firebaseScripts, ...stripeScripts),
      // styled-components writes its rules into <style> elements at run time.
      styleSrc: sources("'self'", "'unsafe-inline'", ...remotesFrom),
      imgSrc: sources("'self'", 'data:', ...remotesFrom, ...firebaseImages),
      fontSrc: sources("'self'", ...remotesFrom),
      connectSrc: sources("'self'", ...remotesFrom, ...(service ? [service] : []), ...firebaseConnect),
      frameSrc: sources(...firebaseFrames, ...stripeFrames),
      objectSrc: sources("'none'"),
      baseUri: sources("'self'"),
      formAction: sources("'self'"),
      frameAncestors: sources("'none'"),
    },
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], usb: [], serial: [] },
    xFrameOptions: 'DENY',
    // The sign-in widget's popup flow needs its opener.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    // The static server sends nosniff with every file, these headers or not.
    xContentTypeOptions: false,
    // Not secureHeaders' same-origin: the remotes' code is loaded by the shell from another origin.
    crossOriginResourcePolicy: false,
    // The rest of secureHeaders' defaults stay off: the site sends the headers above and no others.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Pages whose headers are kept: the public pages' versions, and the signed-in pages kept for their users (PERSONAL_PAGE_TTL_MS). */
export const MAX_PAGES_HEADERS = 1024;

/**
 * The security headers of each page served, worked out once per page (its id: the same id, the
 * same HTML) and remotes document in force (the same object while its file is unchanged:
 * runtimeConfig.ts), as the same object each time: the static server then makes Hono's middleware
 * for them once, not a Content-Security-Policy written out and a page's scripts found for every
 * response (0.06 ms of a public page's 0.5, profiled). `remotes`: the document in force, or null
 * for a server that loads no remote.
 */
export function securityHeadersOfPages({
  remotes,
  env = siteEnv(),
  config = {},
}: {
  remotes: () => RemotesDocument | null;
  env?: Record<string, string | undefined>;
  config?: Partial<BrowserConfig>;
}): (html: string, id: string) => SecurityHeaders {
  const known = new LRUCache<string, { remotes: RemotesDocument | null; headers: SecurityHeaders }>({ max: MAX_PAGES_HEADERS });
  return (html, id) => {
    const document = remotes();
    const kept = known.get(id);
    if (kept && kept.remotes === document) return kept.headers;
    const headers = securityHeaders({ html, env, remotes: document, config });
    known.set(id, { remotes: document, headers });
    return headers;
  };
}
