import type { RemotesDocument } from '@site/shared-ui/remotes-document';
import crypto, { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptHashes, MAX_SCRIPT_SETS, securityHeaders, securityHeadersOfPages } from './securityHeaders';
import { createStaticApp } from './staticServer';
import { OPERATOR_ENV } from './testing/operatorEnv';

const INDEX = '<!doctype html><html><head><script>document.documentElement.dataset.theme="dark"</script></head><body><script>window.early=[]</script></body></html>';
const PRERENDERED =
  '<!doctype html><html><head><script>document.documentElement.dataset.theme="dark"</script></head><body><h1>Contact</h1><script>import("/entry.js")</script></body></html>';
const REMOTES: RemotesDocument = {
  mfe_marketing: {
    manifest: 'https://cdn.example/mfe-marketing/1.0.0-aaaaaaaaaaaa/mf-manifest.json',
    canary: { manifest: 'https://canary.example/mf-manifest.json', percentage: 5 },
  },
  mfe_auth: { manifest: '/mfe-auth/mf-manifest.json' },
  mfe_account: { manifest: 'https://cdn.example/mfe-account/1.0.0-bbbbbbbbbbbb/mf-manifest.json' },
};
const ENV = { ...OPERATOR_ENV, USER_SERVICE_URL: 'https://api.example', FIREBASE_AUTH_DOMAIN: 'auth.example' };

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const directives = (csp: string | null) => Object.fromEntries((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'security-headers-'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'app.0123456789abcdef.js'), 'console.log(1)');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const app = (env: Record<string, string> = ENV) =>
  createStaticApp({
    root,
    spa: true,
    securityHeaders: (html) => securityHeaders({ html, env, remotes: REMOTES }),
    pageHtml: async (c) => (c.req.path === '/contact' ? { html: PRERENDERED, id: 'prerendered', drawn: 'page' as const, personal: false } : null),
  });

describe('the security headers of the production server (Hono secureHeaders)', () => {
  it("allow this environment's origins and the inline scripts of the page served by their hashes, nothing else", async () => {
    const response = await app().request('/');
    const csp = directives(response.headers.get('Content-Security-Policy'));
    expect(Object.keys(csp)).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'frame-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]);
    expect(csp['default-src']).toEqual(["'self'"]);
    // The remotes document's origins, canary included; FirebaseUI's two inline handlers by their hashes.
    expect(csp['script-src']).toEqual([
      "'self'",
      sha256('document.documentElement.dataset.theme="dark"'),
      sha256('window.early=[]'),
      'https://cdn.example',
      'https://canary.example',
      'https://apis.google.com',
      "'unsafe-hashes'",
      sha256('return false;'),
      sha256('javascript:void(0)'),
    ]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://cdn.example',
      'https://canary.example',
      'https://api.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(csp['frame-src']).toEqual(['https://auth.example']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it("hash a prerendered page's own inline scripts, and give a file the headers of index.html", async () => {
    const page = directives((await app().request('/contact')).headers.get('Content-Security-Policy'));
    expect(page['script-src']).toContain(sha256('import("/entry.js")'));
    expect(page['script-src']).not.toContain(sha256('window.early=[]'));
    const file = await app().request('/app.0123456789abcdef.js');
    expect(file.status).toBe(200);
    expect(directives(file.headers.get('Content-Security-Policy'))['script-src']).toContain(sha256('window.early=[]'));
  });

  it("allow Stripe's pricing table only where it is configured, and the Auth emulator in place of Google's endpoints", async () => {
    expect((await app().request('/')).headers.get('Content-Security-Policy')).not.toContain('stripe.com');
    const env = { ...ENV, STRIPE_PRICING_TABLE_ID: 'prctbl_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099' };
    const csp = directives((await app(env).request('/')).headers.get('Content-Security-Policy'));
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(['http://127.0.0.1:9099', 'https://js.stripe.com']);
    expect(csp['connect-src']).toContain('http://127.0.0.1:9099');
    expect(csp['connect-src']).not.toContain('https://securetoken.googleapis.com');
  });

  it('send HSTS, the referrer and permissions policies, no framing, the popup-friendly opener policy, and no other header', async () => {
    const { headers } = await app().request('/');
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(), usb=(), serial=()');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    // The remotes' code is loaded from another origin: no Cross-Origin-Resource-Policy.
    for (const name of [
      'Cross-Origin-Resource-Policy',
      'Origin-Agent-Cluster',
      'X-DNS-Prefetch-Control',
      'X-Download-Options',
      'X-Permitted-Cross-Domain-Policies',
      'X-XSS-Protection',
    ]) {
      expect([name, headers.get(name)]).toEqual([name, null]);
    }
  });
});

describe("a page's inline script hashes", () => {
  it('are computed once per set of scripts, kept for the sets served most recently, up to the bound', () => {
    const hashing = jest.spyOn(crypto, 'createHash');
    try {
      const page = (name: string) => `<html><body><script>window.page=${JSON.stringify(`${name} ${Math.random()}`)}</script></body></html>`;
      const [first, second, oneMore] = [page('first'), page('second'), page('one more')];
      const computed = (html: string) => {
        const before = hashing.mock.calls.length;
        inlineScriptHashes(html);
        return hashing.mock.calls.length - before;
      };
      expect(computed(first)).toBe(1);
      expect(computed(first)).toBe(0);
      computed(second);
      for (let i = 0; i < MAX_SCRIPT_SETS - 2; i += 1) computed(page(String(i)));
      // Full: the first page is served again, so the second is now the one served least recently.
      expect(computed(first)).toBe(0);
      computed(oneMore);
      expect(computed(first)).toBe(0);
      expect(computed(second)).toBe(1);
    } finally {
      hashing.mockRestore();
    }
  });
});

describe("each page's security headers", () => {
  it('are worked out once per page (its id) and remotes document in force: the same object for both, again when the document changes', () => {
    let remotes: RemotesDocument = REMOTES;
    const headersOf = securityHeadersOfPages({ remotes: () => remotes, env: ENV });
    const scriptSrc = (headers: ReturnType<typeof headersOf>) => (headers.contentSecurityPolicy as { scriptSrc: string[] }).scriptSrc;
    const first = headersOf(PRERENDERED, 'drawn 1');
    expect(headersOf(PRERENDERED, 'drawn 1')).toBe(first);
    expect(scriptSrc(first)).toContain(sha256('import("/entry.js")'));
    // Another page: its own scripts.
    const index = headersOf(INDEX, 'index.html');
    expect(scriptSrc(index)).toContain(sha256('window.early=[]'));
    expect(scriptSrc(index)).not.toContain(sha256('import("/entry.js")'));
    // A release's document, with a remote on another origin: worked out anew, with that origin.
    remotes = { ...REMOTES, mfe_auth: { manifest: 'https://auth-cdn.example/mfe-auth/2.0.0/mf-manifest.json' } };
    const released = headersOf(PRERENDERED, 'drawn 1');
    expect(released).not.toBe(first);
    expect(scriptSrc(released)).toContain('https://auth-cdn.example');
    expect(scriptSrc(first)).not.toContain('https://auth-cdn.example');
  });
});
