import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { SITE_APPS } from '@site/shared-ui/site-apps';
import singletonsCheckedAtRelease from '@site/tools/federation-singletons-plugin';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { createAccount, PASSWORD, signInThroughWidget, uniqueEmail } from '../auth';
import { listen, shellApp } from '@site/site-server';
import { startShellThatCannotReadTheService } from '../ownService';
import { authSdkChunks, h1, h1Of, open, remoteEntryIn, remoteEntryOf, routes, sharedModuleFiles } from '../support';

/** Records every Content-Security-Policy violation the page reports. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('security headers of the production server', () => {
  test('the site answers with a CSP built from its configuration, HSTS, and the other headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    const csp: Record<string, string[]> = Object.fromEntries(headers['content-security-policy']!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // Scripts: this origin, the remotes of the remotes document, the pre-paint script by its hash,
    // Firebase Auth's loader and FirebaseUI's two inline handlers by theirs; never 'unsafe-inline'.
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'https://apis.google.com']));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    // Each inline script of the page served by its hash (the pre-paint script, the prices' digits, the
    // early-event script and, on a prerendered page, the entry's loader), and FirebaseUI's two handlers.
    const inline = [...(await response.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, code]) =>
        `'sha256-${createHash('sha256')
          .update(code ?? '')
          .digest('base64')}'`,
    );
    expect(inline).toHaveLength(4);
    expect(csp['script-src']).toEqual(expect.arrayContaining(inline));
    expect(csp['script-src']!.filter((s) => s.startsWith("'sha256-"))).toHaveLength(6);
    // Calls: the user service and the Auth emulator of this environment; no Stripe without its keys.
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://localhost:8787', 'http://127.0.0.1:9099']));
    expect(headers['content-security-policy']).not.toContain('stripe.com');
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  for (const path of ['/', '/contact', '/aboutus', '/accessibility', '/login']) {
    test(`${path} runs without a single CSP violation`, async ({ page }) => {
      const violations = await recordViolations(page);
      await open(page, path, routes.find((r) => r.path === path)!.h1);
      if (path === '/login') {
        // FirebaseUI too: loaded (out of sight) once the visitor is in the sign-in form.
        await page.locator('#login-email').focus();
        await expect(page.locator('#ui-sign-in-email-input')).toBeAttached();
      }
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test("pressing Enter in the sign-in form's email field goes on to the widget's next step, without reloading the page", async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/login');
    const email = page.locator('#login-email');
    await expect(email).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await email.fill(uniqueEmail('enter'));
    await email.press('Enter');
    await expect(page.locator('input.firebaseui-id-new-password')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    expect(await violations()).toEqual([]);
  });

  test('the sign-in page asks no font from another site', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/login');
    // Once the form is React's, the visitor's focus in it loads FirebaseUI (and its stylesheet).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.locator('#login-email').focus();
    await expect(page.locator('#ui-sign-in-email-input')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('fonts.googleapis.com') || url.includes('fonts.gstatic.com'))).toEqual([]);
  });
});

test.describe('preload hints', () => {
  const links = async (request: import('@playwright/test').APIRequestContext, path: string, headers: Record<string, string> = {}) =>
    ((await request.get(path, { headers })).headers().link ?? '').split(', ');
  // Every public page is prerendered on the shared server; a shell of this file's own serves them
  // empty (as it does for a remote in a canary), where the hints do their work.
  const UNPRERENDERED = 'http://localhost:3140';
  let unprerendered: Awaited<ReturnType<typeof listen>>;
  test.beforeAll(async () => {
    unprerendered = await listen(shellApp({ prerender: false, browserConfig: { authEmulatorUrl: 'http://127.0.0.1:9099' } }), 3140);
  });
  test.afterAll(async () => unprerendered.close());

  test("the sign-in page preloads the shell's chunks, the remotes document and the sign-in remote's manifest, entry and page", async ({ request }) => {
    const hints = await links(request, `${UNPRERENDERED}/login`);
    expect(hints).toContain('</remotes.json>; rel=preload; as=fetch; crossorigin');
    expect(hints).toContain('<http://localhost:3002/mf-manifest.json>; rel=preload; as=fetch; crossorigin');
    expect(hints).toContain(`<http://localhost:3002/${remoteEntryOf('mfe-auth')}>; rel=preload; as=script`);
    expect(hints.some((h) => /^<http:\/\/localhost:3002\/__federation_expose_LoginPage\.[0-9a-f]+\.js>; rel=preload; as=script$/.test(h))).toBe(true);
    expect(hints.some((h) => /^<\/bootstrap\.[0-9a-f]+\.js>; rel=preload; as=script$/.test(h))).toBe(true);
    expect(hints).toContain('<http://localhost:3001>; rel=preconnect');
    // Nothing of the other remotes' code, nor Firebase (loaded by the page once it runs).
    expect(hints.filter((h) => /localhost:300[13]\/|firebase/.test(h))).toEqual([]);
  });

  test("the landing page, served empty, preloads the landing remote's entry and page", async ({ request }) => {
    const hints = await links(request, `${UNPRERENDERED}/`);
    expect(hints).toContain(`<http://localhost:3001/${remoteEntryOf('mfe-marketing')}>; rel=preload; as=script`);
    expect(hints.some((h) => /^<http:\/\/localhost:3001\/__federation_expose_LandingPage\.[0-9a-f]+\.js>; rel=preload; as=script$/.test(h))).toBe(true);
    expect(hints.filter((h) => /localhost:300[23]\/|firebase/.test(h))).toEqual([]);
  });

  test('a prerendered page gets the preconnects only (its HTML draws it, for a visitor who looks signed in too; its scripts are not fetched ahead of it), a guarded page no remote code', async ({
    request,
  }) => {
    for (const path of ['/', '/contact', '/login'])
      for (const headers of [{}, { Cookie: 'loginCookie=any-token' }] as Record<string, string>[]) {
        const hints = await links(request, path, headers);
        expect(hints).toContain('<http://localhost:3001>; rel=preconnect');
        expect(hints.filter((h) => h.includes('rel=preload'))).toEqual([]);
      }
    expect((await links(request, '/account')).filter((h) => /localhost:300[123]\/.*rel=preload/.test(h))).toEqual([]);
  });

  test('a prerendered page asks for the remotes document once, from its code (after main.js), not from its HTML', async ({ page, request }) => {
    expect(await (await request.get('/contact')).text()).not.toContain('remotes.json');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(requested.filter((path) => path === '/remotes.json')).toHaveLength(1);
    expect(requested.indexOf('/remotes.json')).toBeGreaterThan(requested.indexOf('/main.js'));
  });

  test("main.js's own task only starts the federation runtime: the shell's start asks for the remotes document in a later task", async ({ page }) => {
    // A script's load event is fired in the task that ran it, once it and its microtasks are done.
    await page.addInitScript(() => {
      const seen = window as unknown as { mainRan?: boolean; remotesAskedAfterMainRan?: boolean[] };
      seen.mainRan = false;
      seen.remotesAskedAfterMainRan = [];
      document.addEventListener(
        'load',
        (event) => {
          if (event.target instanceof HTMLScriptElement && new URL(event.target.src, location.href).pathname === '/main.js') seen.mainRan = true;
        },
        true,
      );
      const fetchFirst = window.fetch;
      window.fetch = function (input, init) {
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url, location.href).pathname === '/remotes.json') seen.remotesAskedAfterMainRan!.push(seen.mainRan!);
        return fetchFirst.call(this, input, init);
      };
    });
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await page.evaluate(() => (window as unknown as { remotesAskedAfterMainRan: boolean[] }).remotesAskedAfterMainRan)).toEqual([true]);
  });

  test("a page that waits for sign-in, asked for by a visitor who looks signed in, preloads its remote's page and the auth SDK; nothing of them without the login cookie", async ({
    request,
  }) => {
    const signedOut = await links(request, '/pricing');
    const signedIn = await links(request, '/pricing', { Cookie: 'loginCookie=any-token' });
    expect(signedOut.filter((h) => /localhost:300[123]\/.*rel=preload/.test(h))).toEqual([]);
    // Its HTML paints the layout and the loading status without any of it: fetched with low priority.
    expect(signedIn).toContain('<http://localhost:3003/mf-manifest.json>; rel=preload; as=fetch; crossorigin; fetchpriority=low');
    expect(signedIn).toContain(`<http://localhost:3003/${remoteEntryOf('mfe-account')}>; rel=preload; as=script; fetchpriority=low`);
    expect(signedIn.some((h) => /^<http:\/\/localhost:3003\/__federation_expose_PricingPage\.[0-9a-f]+\.js>; rel=preload; as=script; fetchpriority=low$/.test(h))).toBe(true);
    // The auth SDK, from the shell's build: what the signed-out hints leave out.
    const auth = authSdkChunks();
    expect(auth.length).toBeGreaterThan(0);
    for (const file of auth) {
      expect(signedIn).toContain(`</${file}>; rel=preload; as=script; fetchpriority=low`);
      expect(signedOut.filter((h) => h.startsWith(`</${file}>`))).toEqual([]);
    }
    expect(signedIn.filter((h) => /localhost:300[12]\//.test(h) && h.includes('rel=preload'))).toEqual([]);
    // Connected to while the code loads, without cookies: the origins the page then calls one after
    // the other, the auth emulator (the stored user's lookup) and the user service (get-user-info).
    for (const callOrigin of [`http://127.0.0.1:${runtimeConfig.ports.auth_emulator}`, `http://localhost:${runtimeConfig.ports.service_user}`]) {
      expect(signedIn).toContain(`<${callOrigin}>; rel=preconnect; crossorigin`);
      expect(signedOut.filter((h) => h.startsWith(`<${callOrigin}>`))).toEqual([]);
    }
  });

  test("a page's shell code comes in a handful of files: React's in one, the other libraries it shares in another, Firebase's in a third", async ({ request }) => {
    const shared = sharedModuleFiles();
    const libraries = [...shared].filter(([name]) => !name.startsWith('firebase/') && !name.startsWith('@site/'));
    expect(libraries.map(([name]) => name)).toEqual(expect.arrayContaining(['react', 'react-dom', 'styled-components', 'i18next', '@tanstack/react-query']));
    // React and its renderer apart (the browser readies each file in a task of its own: two short ones).
    const react = shared.get('react')?.[0];
    const vendor = shared.get('styled-components')?.[0];
    expect(react).toBeDefined();
    expect(vendor).toBeDefined();
    expect(react).not.toBe(vendor);
    for (const [name, files] of libraries) expect(files, name).toEqual([name === 'react' || name.startsWith('react/') || name.startsWith('react-dom') ? react : vendor]);
    const auth = authSdkChunks();
    expect(new Set(auth).size).toBe(1);
    expect(auth).not.toContain(vendor);
    expect(auth).not.toContain(react);
    // A browser fetches six files of an origin at a time over HTTP/1.1. For a page drawn by its code
    // (signed in), what its start runs first is in the first six: the HTML's own scripts, the auth SDK
    // (the guard looks the user up), the shell's start and the site's code; of the libraries, needed
    // once the user is looked up, one may be the seventh.
    const hinted = await links(request, '/pricing', { Cookie: 'loginCookie=any-token' });
    const shellHints = hinted.filter((h) => h.startsWith('</') && h.includes('as=script'));
    // Each with low priority: the page's HTML paints its loading status first, and none competes with it.
    for (const hint of shellHints) expect(hint).toMatch(/^<\/[^>]+>; rel=preload; as=script; fetchpriority=low$/);
    const shellScripts = shellHints.map((h) => /^<\/([^>]+)>/.exec(h)?.[1]);
    expect(shellScripts).toEqual(expect.arrayContaining([vendor, react]));
    expect(shellScripts.length).toBeLessThanOrEqual(7);
    const site = shared.get('@site/shared-ui')?.[0];
    expect(shellScripts.slice(0, 6)).toEqual(expect.arrayContaining(['config.js', 'main.js', ...auth, site, expect.stringMatching(/^bootstrap\./)]));
  });

  test('signed in, /pricing drawn whole by the server preloads nothing ahead of what it draws: preconnects only', async ({ request }) => {
    const { idToken } = await createAccount(uniqueEmail('preload-intreg'));
    const response = await request.get('/pricing', { headers: { Cookie: `loginCookie=${idToken}` } });
    expect(await response.text()).toContain('id="site-handed-over-state"');
    const hints = (response.headers().link ?? '').split(', ');
    expect(hints.filter((h) => !h.includes('rel=preconnect'))).toEqual([]);
  });

  test('signed in, /pricing as its loading status (the server could not draw it) uses each file it preloads, once, runs each script it preloads, and preloads each script its page waits for', async ({
    page,
  }) => {
    const pricing = routes.find((route) => route.path === '/pricing')!.h1;
    const email = uniqueEmail('preload');
    await createAccount(email);
    const fallback = await startShellThatCannotReadTheService(3141);
    try {
      // Signed in on that shell's origin (the auth SDK keeps a session per origin).
      await signInThroughWidget(page, email, PASSWORD, fallback.origin);
      await expect(h1(page)).toHaveText(pricing);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      // The priority the browser fetched each file with (CDP: Playwright does not report it).
      const priorities = new Map<string, string>();
      const cdp = await page.context().newCDPSession(page);
      cdp.on('Network.requestWillBeSent', ({ request }) => priorities.set(request.url, request.initialPriority));
      await cdp.send('Network.enable');
      await page.coverage.startJSCoverage({ resetOnNavigation: false });
      const response = await page.goto(`${fallback.origin}/pricing`);
      const hinted = (response?.headers().link ?? '')
        .split(', ')
        .filter((h) => h.includes('rel=preload'))
        .map((h) => new URL(h.slice(1, h.indexOf('>')), page.url()).href);
      await expect(h1(page)).toHaveText(pricing);
      // The site's scripts fetched before the page was drawn, each hinted: none found only once the
      // code before it had run (a shared module's chunks split off beside it, the entry itself). The
      // field-speed library is asked for once the page is drawn and the browser idle, maybe before
      // this check: no file the page waits for.
      const beforePage = requested.filter((url) => /^http:\/\/localhost:(3141|3003)\/.*\.js$/.test(url) && !/\/web-vitals\.[0-9a-f]+\.js$/.test(url));
      expect(beforePage.filter((url) => !hinted.includes(url))).toEqual([]);
      await page.waitForLoadState('networkidle');
      expect(hinted.filter((url) => url.includes('localhost:3003/')).length).toBeGreaterThanOrEqual(3);
      // Its HTML (the layout, the loading status) first; every hinted file after it, with low priority.
      expect(priorities.get(page.url())).toBe('VeryHigh');
      for (const url of hinted) expect(priorities.get(url), url).toBe('Low');
      for (const url of hinted)
        expect(
          requested.filter((r) => r === url),
          url,
        ).toHaveLength(1);
      // And runs each: a script hinted but never run was fetched for nothing.
      const ran = (await page.coverage.stopJSCoverage()).map((script) => script.url);
      const scripts = hinted.filter((url) => url.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(5);
      for (const url of scripts) expect(ran, url).toContain(url);
    } finally {
      await fallback.close();
    }
  });

  test('the preloaded code is the code the page uses: each hinted file is requested once', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await open(page, `${UNPRERENDERED}/login`, 'Autentificare');
    await page.waitForLoadState('networkidle');
    const scripts = requested.filter((url) => url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((url, index) => scripts.indexOf(url) !== index)).toEqual([]);
  });

  test("once the landing page is idle, the contact page's chunk is already fetched (the next likely page)", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await open(page, '/', h1Of('/'));
    await expect.poll(() => requested.some((url) => /localhost:3001\/__federation_expose_ContactPage\./.test(url))).toBe(true);
    expect(requested.filter((url) => /localhost:300[23]\//.test(url))).toEqual([]);
  });
});

test.describe('compression', () => {
  test("a page's code comes brotli-compressed, as its build compressed it", async ({ page }) => {
    const origins = SITE_APPS.map((app) => `http://localhost:${runtimeConfig.ports[app.name as keyof typeof runtimeConfig.ports]}/`);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (origins.some((origin) => response.url().startsWith(origin)) && response.url().endsWith('.js')) scripts.push(response);
    });
    await open(page, '/contact', routes.find((route) => route.path === '/contact')!.h1);
    await page.waitForLoadState('networkidle');
    // The shell's and the remote's (main.js, the libraries, the remote's entry, the page's chunks).
    const large = [];
    for (const response of scripts) if ((await response.body()).length > 4096) large.push(response);
    expect(large.length).toBeGreaterThanOrEqual(5);
    for (const response of large) expect(response.headers()['content-encoding'], response.url()).toBe('br');
  });

  test("each file compressed by a build holds that file's content", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
    let checked = 0;
    for (const app of SITE_APPS) {
      const dist = join(root, app.folder, 'dist');
      for (const file of files(dist).filter((f) => /\.(br|gz)$/.test(f))) {
        const original = file.replace(/\.(br|gz)$/, '');
        expect(existsSync(original), original).toBe(true);
        const content = file.endsWith('.br') ? brotliDecompressSync(readFileSync(file)) : gunzipSync(readFileSync(file));
        expect(content.equals(readFileSync(original)), file).toBe(true);
        checked += 1;
      }
      for (const entry of app.folder === 'shell' ? ['main.js'] : [remoteEntryIn(dist)]) {
        expect([existsSync(join(dist, entry)), existsSync(join(dist, `${entry}.br`))], `${app.folder}/${entry}`).toEqual([true, true]);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

test.describe('what the builds hold', () => {
  // react-router's package names only its development build (its warnings and checks on) for every
  // condition; every production build takes its production files (tools/webpack/base.cjs).
  test("every browser build's react-router is its production build", () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const builds: Record<string, string[]> = {};
    for (const app of SITE_APPS) {
      const dist = join(root, app.folder, 'dist');
      for (const map of readdirSync(dist).filter((file) => file.endsWith('.js.map'))) {
        const { sources } = JSON.parse(readFileSync(join(dist, map), 'utf8')) as { sources: string[] };
        for (const source of sources) {
          const build = /react-router\/dist\/(\w+)\//.exec(source)?.[1];
          if (build) builds[`${app.folder}/${map}`] = [...new Set([...(builds[`${app.folder}/${map}`] ?? []), build])];
        }
      }
    }
    // The shell's libraries at least (react-router-dom is inside the site's shared package).
    expect(Object.keys(builds).some((file) => file.startsWith('shell/'))).toBe(true);
    for (const [file, found] of Object.entries(builds)) expect([file, found]).toEqual([file, ['production']]);
  });

  // V8 compiles a script that opens with its hint as it streams in, off the main thread: the shell's
  // entry runs nearly all its code as it is evaluated (the federation runtime's start); the libraries
  // hold much a page never calls (tools/webpack/chunks.cjs).
  test("the shell's entry, as served, asks V8 to compile it as it streams in; the libraries' files do not", async ({ request }) => {
    const firstLine = async (path: string) => (await (await request.get(path)).text()).split('\n')[0];
    expect(await firstLine('/main.js')).toBe('//# allFunctionsCalledOnLoad');
    const shared = sharedModuleFiles();
    for (const name of ['react-dom', 'styled-components']) {
      const file = shared.get(name)?.[0];
      expect(file, name).toBeDefined();
      expect(await firstLine(`/${file}`), name).not.toContain('allFunctionsCalledOnLoad');
    }
  });

  // The shared singletons' versions are checked at release (release/src/gate.ts), not by the runtime
  // at every load (tools/federation-singletons-plugin.js): the shell's federation and each remote's run with the plugin.
  test("every app's federation on a page leaves the singletons' versions to the release gate", async ({ page }) => {
    await open(page, '/contact', routes.find((route) => route.path === '/contact')!.h1);
    const plugin = singletonsCheckedAtRelease().name;
    const instances = await page.evaluate(
      (plugin) =>
        (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string; options: { plugins: { name: string }[] } }[] } }).__FEDERATION__.__INSTANCES__.map(
          (instance) => [instance.name, instance.options.plugins.some((registered) => registered.name === plugin)],
        ),
      plugin,
    );
    expect(instances.map(([name]) => name)).toEqual(expect.arrayContaining(['shell', 'mfe_marketing']));
    for (const instance of instances) expect(instance).toEqual([instance[0], true]);
  });
});

test.describe('no layout shift while a page loads (CLS 0)', () => {
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1350, height: 940 },
  ]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });
      for (const path of ['/', '/contact', '/aboutus', '/accessibility', '/login']) {
        test(`${path} does not move once drawn`, async ({ page }) => {
          await page.addInitScript(() => {
            // Each shift, with what moved (a failure then says what to fix).
            const shifts: string[] = [];
            (window as unknown as { shifts: string[] }).shifts = shifts;
            type Shift = { value: number; startTime: number; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
            const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as Shift[]) {
                const moved = entry.sources.map(
                  (s) => `${s.node?.nodeName ?? '?'} "${(s.node?.textContent ?? '').slice(0, 30)}" ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
                );
                shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await open(page, path, routes.find((r) => r.path === path)!.h1);
          if (path === '/login') await expect(page.locator('#login-email')).toBeVisible();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
        });
      }
    });
  }
});

test.describe('what each port of the site makes public', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const apps = SITE_APPS.map((app) => {
    const dist = join(root, app.folder, 'dist');
    return {
      name: app.name,
      origin: `http://localhost:${runtimeConfig.ports[app.name as keyof typeof runtimeConfig.ports]}`,
      entry: app.name === 'shell' ? '/main.js' : `/${remoteEntryIn(dist)}`,
      serverBuild: `/server/${readdirSync(join(dist, 'server')).find((file) => file.endsWith('.js'))}`,
      dist,
    };
  });

  test('a range past the end of a file is 416 with its size, a malformed one 400, on every port', async ({ request }) => {
    for (const { origin, entry, dist, name } of apps) {
      const size = readFileSync(join(dist, entry)).length;
      for (const range of ['bytes=99999999-', 'bytes=5-2']) {
        const response = await request.get(`${origin}${entry}`, { headers: { Range: range } });
        expect([name, range, response.status(), response.headers()['content-range']]).toEqual([name, range, 416, `bytes */${size}`]);
      }
      expect((await request.get(`${origin}${entry}`, { headers: { Range: 'bytes=abc' } })).status(), name).toBe(400);
      const part = await request.get(`${origin}${entry}`, { headers: { Range: 'bytes=0-9' } });
      expect([part.status(), (await part.body()).equals(readFileSync(join(dist, entry)).subarray(0, 10))]).toEqual([206, true]);
    }
  });

  test("a remote's entry is named by its content and kept a year; its manifest, which names it, is revalidated with a 304", async ({ request }) => {
    for (const { origin, entry, name } of apps.filter((app) => app.name !== 'shell')) {
      expect(entry, name).toMatch(/^\/remoteEntry\.[0-9a-f]{12}\.js$/);
      expect((await request.get(`${origin}${entry}`)).headers()['cache-control'], `${name}${entry}`).toBe('public, max-age=31536000, immutable');
      const manifest = await request.get(`${origin}/mf-manifest.json`);
      expect(manifest.headers()['cache-control'], name).toBe('no-cache');
      const again = await request.get(`${origin}/mf-manifest.json`, { headers: { 'If-None-Match': manifest.headers().etag! } });
      expect([name, again.status(), (await again.body()).length]).toEqual([name, 304, 0]);
    }
  });

  test('CORS opens only the code other origins load: not a page, /config.js or an error', async ({ request }) => {
    const allowed = async (url: string) => (await request.get(url, { headers: { Origin: 'https://elsewhere.example' } })).headers()['access-control-allow-origin'];
    for (const { origin, entry, name } of apps) {
      if (name !== 'shell') expect(await allowed(`${origin}${entry}`), `${name}${entry}`).toBe('*');
      for (const path of ['/', '/contact', '/config.js', '/no-such-file.js']) expect(await allowed(`${origin}${path}`), `${name}${path}`).toBeUndefined();
    }
  });

  test('no server build and no source map is given to a browser, and no script names its map', async ({ request }) => {
    for (const { origin, entry, serverBuild, dist, name } of apps) {
      expect(existsSync(join(dist, `${entry}.map`)), `${name}: maps are built, for error reports`).toBe(true);
      expect((await request.get(`${origin}${entry}.map`)).status(), `${name}${entry}.map`).toBe(404);
      expect((await request.get(`${origin}${serverBuild}`)).status(), `${name}${serverBuild}`).toBe(404);
      expect(await (await request.get(`${origin}${entry}`)).text()).not.toContain('sourceMappingURL');
    }
  });
});
