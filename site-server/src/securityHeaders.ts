// Security headers of the production servers. The Content-Security-Policy is computed from the
// same runtime configuration the pages get (remotes, user service, Firebase, Stripe), so it
// allows exactly the origins this environment uses and nothing more.
import { allManifests, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { createHash } from 'node:crypto';
import { browserConfig, remotesDocument, type BrowserConfig } from './runtimeConfig';

const originOf = (url: string, base?: string) => {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
};

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const hashesOf = new Map<string, string[]>();
/** The hashes of a page's inline scripts (pre-paint, early events, the entry's loader), for script-src; computed once per page. */
export function inlineScriptHashes(html: string): string[] {
  if (hashesOf.size >= 64) hashesOf.clear(); // index.html and the prerendered pages: a handful
  let hashes = hashesOf.get(html);
  if (!hashes) {
    hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => sha256(code ?? ''));
    hashesOf.set(html, hashes);
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
  return [...new Set(allManifests(doc).map((manifest) => originOf(manifest, self)).filter((o): o is string => Boolean(o) && o !== self))];
}

export function securityHeaders({
  html,
  env = process.env,
  remotes = remotesDocument(env),
  config = {},
}: {
  html: string;
  env?: Record<string, string | undefined>;
  remotes?: RemotesDocument | null;
  config?: Partial<BrowserConfig>;
}): Record<string, string> {
  const browser = { ...browserConfig(env), ...config };
  const remotesFrom = remotes ? remoteOrigins(remotes) : [];
  const service = originOf(browser.userServiceUrl);
  const emulator = browser.authEmulatorUrl ? originOf(browser.authEmulatorUrl) : null;
  const stripe = Boolean(browser.stripe?.pricingTableId && browser.stripe?.publishableKey);

  // Firebase Auth: the emulator locally, otherwise Google's token endpoints; the popup and
  // redirect handler's frame (the emulator's, or the auth domain's) and the Google API loader
  // that opens it.
  const firebaseConnect = emulator ? [emulator] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const firebaseFrames = emulator ? [emulator] : [`https://${browser.firebase.authDomain}`];
  const firebaseScripts = ['https://apis.google.com', ...FIREBASEUI_INLINE];
  // FirebaseUI's icons (the password field's show/hide toggle).
  const firebaseImages = ['https://www.gstatic.com'];
  // Stripe's pricing table: its script, and the frame it renders in (only when configured).
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com'] : [];

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html), ...remotesFrom, ...firebaseScripts, ...stripeScripts],
    // styled-components writes its rules into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...remotesFrom],
    'img-src': ["'self'", 'data:', ...remotesFrom, ...firebaseImages],
    'font-src': ["'self'", ...remotesFrom],
    'connect-src': ["'self'", ...remotesFrom, ...(service ? [service] : []), ...firebaseConnect],
    'frame-src': [...firebaseFrames, ...stripeFrames],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const csp = Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ') || "'none'"}`)
    .join('; ');

  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=()',
    'X-Frame-Options': 'DENY',
    // The sign-in widget's popup flow needs its opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}
