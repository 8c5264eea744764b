import { expect, test, type Browser } from '@playwright/test';
import { startEmbeddedService } from '@site/service-user/embedded';
import { cohortBucket, type RemoteName } from '@site/shared-ui/remotes-document';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/telemetry';
import { deployStoreApp, listen, shellApp, signedVisitorId } from '@site/site-server';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h1, remoteEntryIn } from '../support';
import { variantDist } from '../variants';

// Releasing with the command against a running site: a temporary deployment store served as the
// CDN would serve it, a shell whose remotes document is the store's, and a user service of its own
// that the shell's health beacons reach. Each step goes through `pnpm release`, as an engineer or
// a CI job would run it. Each test releases into a store and a site of its own (first release
// included): none depends on what another did, or on the order they run in.
const SERVICE = 3162;
const serviceUrl = `http://127.0.0.1:${SERVICE}`;

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

// The account page's h1 greets the user (a crawler, signed out, is greeted generically).
const HEADINGS = {
  account: 'Bine ați venit, utilizatorule!',
  accountV2: 'Bine ați venit în versiunea nouă, utilizatorule!',
  landing: 'Ajutăm persoanele nevăzătoare să exploreze lumea cu încredere',
};
// A search engine's crawler may read the account pages without signing in (the access guard lets it through).
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A deployment store of the test's own after its first release (`release init`), served, with a shell whose remotes document is the store's. */
async function releasedSite({ shellPort, storePort }: { shellPort: number; storePort: number }) {
  const deployDir = mkdtempSync(join(tmpdir(), 'release-e2e-'));
  /**
   * Runs the release command as a release engineer would, in its own process. Asynchronously: the
   * servers it talks to (the store, the user service) run in this test's process.
   */
  async function release(...args: string[]) {
    try {
      const { stdout, stderr } = await promisify(execFile)(join(root, 'release', 'node_modules', '.bin', 'tsx'), [join(root, 'release', 'src', 'cli.ts'), ...args], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          DEPLOY_DIR: deployDir,
          DEPLOY_BASE_URL: `http://localhost:${storePort}`,
          RELEASE_ACTOR: 'e2e',
          USER_SERVICE_URL: serviceUrl,
          PUBLIC_SITE_URL: `http://localhost:${shellPort}`,
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }
  /** Runs a verb that must succeed, with --json, and answers its result. */
  async function released(...args: string[]) {
    const run = await release(...args, '--json');
    expect(run.code, `pnpm release ${args.join(' ')}: ${run.stderr}${run.stdout}`).toBe(0);
    return JSON.parse(run.stdout);
  }
  expect((await release('init', '--reason', 'the first release')).code).toBe(0);
  const document = () => JSON.parse(readFileSync(join(deployDir, 'remotes.json'), 'utf8'));
  const servers = [
    await listen(deployStoreApp(deployDir), storePort),
    await listen(shellApp({ remotes: document, browserConfig: { userServiceUrl: `http://localhost:${SERVICE}` } }), shellPort),
  ];
  return {
    origin: `http://localhost:${shellPort}`,
    deployDir,
    release,
    released,
    document,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      rmSync(deployDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two visitor ids (and as many as asked for on each side): in a 50% canary of the remote, and
 * outside it. The server keeps only ids it signed: these are signed with local mode's public
 * secret, which no deployment outside local mode accepts.
 */
function visitors(remote: RemoteName, count = 1) {
  const ids = Array.from({ length: 400 }, (_, i) => signedVisitorId(LOCAL_VIEW_TOKEN_SECRET, `release-${i}-visitor`));
  return { canary: ids.filter((id) => cohortBucket(id, remote) < 50).slice(0, count), stable: ids.filter((id) => cohortBucket(id, remote) >= 50).slice(0, count) };
}

/**
 * A browser with this visitor id. With `network`, its beacons reach the service as from that
 * network (a /24 of its own): release health counts networks, and this test's browsers all run on
 * one address. The test's service trusts one proxy (TRUST_PROXY=1), whose X-Forwarded-For entry is
 * the client; the header is set as the request leaves the browser (a route), never by the page.
 */
async function visitor(browser: Browser, origin: string, id: string, { crawler = false, network }: { crawler?: boolean; network?: number } = {}) {
  const context = await browser.newContext(crawler ? { userAgent: CRAWLER } : {});
  await context.addCookies([{ name: 'visitor-id', value: id, url: origin }]);
  if (network !== undefined) {
    // The service, as the browser reaches it (the site's configuration names it by localhost).
    await context.route(
      (url) => url.port === String(SERVICE),
      (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': `10.59.${network}.1` } }),
    );
  }
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

let service: Awaited<ReturnType<typeof startEmbeddedService>>;
/** Each test's site, closed after it. */
let site: Awaited<ReturnType<typeof releasedSite>> | null = null;

test.beforeAll(async () => {
  service = await startEmbeddedService({
    port: SERVICE,
    env: {
      CORS_ORIGINS: [3163, 3165, 3167, 3169, 3171, 3173, 3175, 3177].map((port) => `http://localhost:${port}`).join(','),
      // The test's browsers are many networks behind one proxy (visitor's `network`), all on one
      // address for the site's server: its view tokens are not what is limited here.
      TRUST_PROXY: '1',
      VIEW_TOKENS_PER_ADDRESS: '1000',
    },
  });
});
test.afterEach(async () => {
  await site?.close();
  site = null;
});
test.afterAll(async () => {
  await service?.close();
});

test('a changed mfe-account in a 50% canary: visitors in different buckets get different versions, the other remotes stay pinned', async ({ browser }) => {
  test.setTimeout(90_000);
  site = await releasedSite({ shellPort: 3163, storePort: 3164 });
  const { origin, released } = site;
  const { version: accountV2 } = await released('publish', 'mfe-account', '--from', variantDist('accountV2'), '--reason', 'another heading');
  const before = site.document();
  await released('canary', 'mfe_account', accountV2, '50', '--reason', 'half the visitors');
  const after = site.document();
  expect({ ...after, mfe_account: undefined }).toEqual({ ...before, mfe_account: undefined });

  const ids = visitors('mfe_account');
  for (const [id, heading] of [
    [ids.canary[0]!, HEADINGS.accountV2],
    [ids.stable[0]!, HEADINGS.account],
  ] as const) {
    const { page, close } = await visitor(browser, origin, id, { crawler: true });
    await page.goto(`${origin}/account`);
    await expect(h1(page)).toHaveText(heading);
    await page.goto(`${origin}/`);
    await expect(h1(page)).toHaveText(HEADINGS.landing);
    await close();
  }
});

test('a first canary is aborted by rollback without a version: its visitors are back on the stable version, which stays', async ({ browser }) => {
  test.setTimeout(90_000);
  site = await releasedSite({ shellPort: 3171, storePort: 3172 });
  const { origin, release, released } = site;
  const stable = site.document().mfe_account;
  const { version: accountV2 } = await released('publish', 'mfe-account', '--from', variantDist('accountV2'));
  await released('canary', 'mfe_account', accountV2, '50', '--reason', 'another heading');
  const inCanary = visitors('mfe_account').canary[0]!;
  const { page, close } = await visitor(browser, origin, inCanary, { crawler: true });
  await page.goto(`${origin}/account`);
  await expect(h1(page)).toHaveText(HEADINGS.accountV2);

  const aborted = await release('rollback', 'mfe_account', '--reason', 'not this one');
  expect(aborted.code, aborted.stderr).toBe(0);
  expect(aborted.stdout).toContain(`mfe_account: canary ${accountV2} aborted`);
  expect(site.document().mfe_account).toEqual(stable);
  await page.goto(`${origin}/account`);
  await expect(h1(page)).toHaveText(HEADINGS.account);
  await close();
  expect(((await released('history', 'mfe_account')).entries as { verb: string; reason: string | null }[]).at(-1)).toMatchObject({ verb: 'rollback', reason: 'not this one' });
});

test('a canary of mfe-marketing whose page throws is rolled back by release watch --once, and a visitor gets the stable version at the next navigation', async ({ browser }) => {
  test.setTimeout(120_000);
  site = await releasedSite({ shellPort: 3165, storePort: 3166 });
  const { origin, release, released } = site;
  const broken = (await released('publish', 'mfe_marketing', '--from', variantDist('marketingBroken'))).version as string;
  await released('canary', 'mfe_marketing', broken, '50', '--reason', 'landing page redesign');

  // Visits: four in the canary (the page fails, the error is shown in its place) and four outside
  // it, each from a network of its own (watch judges networks: four a side is the fewest on which
  // all failing against none is significant, p ≈ 0.014).
  const ids = visitors('mfe_marketing', 4);
  const networkOf = (id: string) => [...ids.canary, ...ids.stable].indexOf(id);
  const views = async (cohort: 'canary' | 'stable') => {
    const summary = await (await fetch(`${serviceUrl}/telemetry/summary?remote=mfe_marketing`)).json();
    return (summary.deployments as { cohort: string; version: string; views: number }[])
      .filter((d) => d.cohort === cohort && (cohort === 'stable' || d.version === broken))
      .reduce((sum, d) => sum + d.views, 0);
  };
  for (const [cohort, id] of [...ids.canary.map((id) => ['canary', id] as const), ...ids.stable.map((id) => ['stable', id] as const)]) {
    const before = await views(cohort);
    const { page, close } = await visitor(browser, origin, id, { network: networkOf(id) });
    // The page's timers run on the test's clock.
    await page.clock.install();
    await page.goto(`${origin}/`);
    // Set once the page (or the error in its place) is React's: its view and error are counted by then.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', /^(true|false)$/);
    // A minute later the page has sent what it counted (the shell waits a few seconds for more
    // events), while it is still open. Not by leaving it: a beacon sent as a page goes away
    // (pagehide) was dropped now and then by a Chromium short of CPU in the full run, and the
    // shell's unit tests check that leaving sends what waits. The visit is over when the
    // service has counted it (closing the context would cancel a request still in flight).
    await page.clock.fastForward('01:00');
    await expect.poll(() => views(cohort), { message: `the ${cohort} visit's beacon reaches the service` }).toBe(before + 1);
    await close();
  }
  expect(await views('canary')).toBe(4);

  // A canary visitor whose page was loaded before the rollback.
  const { page, close } = await visitor(browser, origin, ids.canary[0]!, { network: networkOf(ids.canary[0]!) });
  await page.clock.install();
  await page.goto(`${origin}/contact`);
  await expect(h1(page)).toHaveText('Contact');

  const watched = await release('watch', 'mfe_marketing', '--once', '--min-views', '4', '--min-networks', '4');
  expect(watched.code, watched.stderr).toBe(0);
  // The visitor on /contact may have sent its own view already (its beacon leaves after 5 s). The
  // message in the broken page's place may also be drawn later than the page: its LCP, when
  // significantly slower, is named after the errors. The site's server, which served the broken
  // page unrendered each time (and drew /contact), says so itself (its stable pages: this test's
  // and those of the tests before it that drew the same version).
  expect(watched.stdout).toMatch(
    new RegExp(
      `^mfe_marketing: canary ${broken} rolled back: canary ${broken}: 4 errors / [45] views \\((100|80)%\\) vs stable 0 / \\d+ \\(0%\\); networks with errors 4 of 4 \\(100%\\) vs stable 0 of 4 \\(0%\\), p = [\\d.e-]+ < 0\\.05, over 30 min(; p75 [^\n]+)?; 4 of [45] pages served unrendered by the site's server \\((100|80)%\\) vs stable 0 of \\d+ \\(0%\\), p = [\\d.e-]+ < 0\\.05\n`,
    ),
  );
  expect(site.document().mfe_marketing.canary).toBeUndefined();

  // Its copy of the remotes document is now older than 30 s: the next navigation gets the stable version.
  await page.clock.fastForward('00:31');
  await page.getByRole('banner').getByRole('link', { name: 'Acasă', exact: true }).first().click();
  await expect(h1(page)).toHaveText(HEADINGS.landing);
  await close();

  const fresh = await visitor(browser, origin, ids.canary[1]!);
  await fresh.page.goto(`${origin}/`);
  await expect(h1(fresh.page)).toHaveText(HEADINGS.landing);
  await fresh.close();

  const marketing = (await released('history', 'mfe_marketing')).entries as { verb: string; reason: string | null }[];
  expect(marketing.map((e) => e.verb)).toEqual(['publish', 'init', 'publish', 'canary', 'rollback']);
  expect(marketing.at(-1)!.reason).toMatch(
    /^canary .*: 4 errors \/ [45] views \((100|80)%\) vs stable 0 \/ \d+ \(0%\); networks with errors 4 of 4 \(100%\) vs stable 0 of 4 \(0%\), p = [\d.e-]+ < 0\.05, over 30 min(; p75 .+)?; 4 of [45] pages served unrendered by the site's server .+$/,
  );
});

test('a canary of mfe-marketing that spends 600 ms of main-thread work on each interaction is rolled back by release watch --once on INP alone, with no error counted', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  site = await releasedSite({ shellPort: 3177, storePort: 3178 });
  const { origin, release, released } = site;
  const slow = (await released('publish', 'mfe_marketing', '--from', variantDist('marketingSlow'))).version as string;
  await released('canary', 'mfe_marketing', slow, '50', '--reason', 'a heavier landing page');

  // Per cohort: the INP samples the service keeps (its histogram's total), and the errors.
  const figures = async (cohort: 'canary' | 'stable') => {
    const summary = await (await fetch(`${serviceUrl}/telemetry/summary?remote=mfe_marketing`)).json();
    const rows = (
      summary.deployments as { cohort: string; version: string; loadFailures: number; renderErrors: number; hydrationErrors: number; vitals: { inp: number[] } }[]
    ).filter((d) => d.cohort === cohort && (cohort === 'stable' || d.version === slow));
    return {
      inp: rows.reduce((sum, d) => sum + d.vitals.inp.reduce((a, b) => a + b, 0), 0),
      errors: rows.reduce((sum, d) => sum + d.loadFailures + d.renderErrors + d.hydrationErrors, 0),
    };
  };
  // Four visits on each side, each pressing the page three times: its INP goes with the beacon the
  // page sends when it is hidden.
  const ids = visitors('mfe_marketing', 4);
  const networkOf = (id: string) => [...ids.canary, ...ids.stable].indexOf(id);
  for (const [cohort, id] of [...ids.canary.map((id) => ['canary', id] as const), ...ids.stable.map((id) => ['stable', id] as const)]) {
    const before = (await figures(cohort)).inp;
    // Each from a network of its own: each network is one sample of the vital.
    const { page, close } = await visitor(browser, origin, id, { network: networkOf(id) });
    await page.goto(`${origin}/`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // The field-speed library is loaded once the page is idle (its own file).
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/web-vitals\.[0-9a-f]+\.js$/.test(entry.name)))).toBe(true);
    for (let press = 0; press < 3; press += 1) await h1(page).click();
    // The visitor switches to another tab: the page is hidden, and its vitals, final, are sent.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(async () => (await figures(cohort)).inp, { message: `the ${cohort} visit's INP reaches the service`, timeout: 30_000 }).toBe(before + 1);
    await close();
  }
  expect(await figures('canary')).toEqual({ inp: 4, errors: 0 });

  const watched = await release('watch', 'mfe_marketing', '--once', '--min-views', '4', '--min-networks', '4');
  expect(watched.code, watched.stderr).toBe(0);
  expect(watched.stdout).toMatch(
    new RegExp(
      `^mfe_marketing: canary ${slow} rolled back: canary ${slow}: p75 INP ≈ \\d+ ms vs stable ≈ \\d+ ms \\(\\+\\d+ ms, more than 100 ms; p = [\\d.e-]+ < 0\\.025\\), over 30 min \\(0 errors / \\d+ views`,
    ),
  );
  expect(site.document().mfe_marketing.canary).toBeUndefined();
  expect(((await released('history', 'mfe_marketing')).entries as { verb: string; reason: string }[]).at(-1)).toMatchObject({
    verb: 'rollback',
    reason: expect.stringMatching(/p75 INP/),
  });
});

test('a preview link shows a published version to the browser that opens it, and to no one else, until its banner ends it; its views are counted apart', async ({ browser }) => {
  test.setTimeout(90_000);
  site = await releasedSite({ shellPort: 3175, storePort: 3176 });
  const { origin, released } = site;
  const { version } = await released('publish', 'mfe-marketing', '--from', variantDist('marketingV2'));
  const inForce = site.document();
  const previewed = await released('preview', 'mfe_marketing', version);
  expect(previewed.link).toMatch(new RegExp(`^${origin}/\\?preview=`));
  expect(site.document()).toEqual(inForce);

  const previews = async () => {
    const summary = await (await fetch(`${serviceUrl}/telemetry/summary?remote=mfe_marketing`)).json();
    const rows = summary.deployments as { cohort: string; version: string; views: number }[];
    return {
      preview: rows.filter((d) => d.cohort === 'preview' && d.version === version).reduce((sum, d) => sum + d.views, 0),
      others: rows.filter((d) => d.version === version && d.cohort !== 'preview').length,
    };
  };

  // The team's browser opens the link: the address loses the pin, the page is the version's, drawn
  // by the server too, with a banner that says so.
  const team = await visitor(browser, origin, 'preview-team-visitor');
  await team.page.clock.install();
  await team.page.goto(previewed.link);
  await expect(team.page).toHaveURL(`${origin}/`);
  await expect(h1(team.page)).toHaveText(/^Versiunea nouă/);
  const drawn = await team.page.request.get(`${origin}/`);
  expect(await drawn.text()).toContain('Versiunea nouă');
  // For this browser alone: never kept by a shared cache.
  expect(drawn.headers()['cache-control']).toBe('private, no-store');
  const banner = team.page.getByRole('region', { name: 'Previzualizare' });
  await expect(banner).toContainText(`Vedeți versiunea ${version} a mfe-marketing, pe care vizitatorii nu o văd încă.`);
  // Its view is counted as a preview's, in neither the stable nor a canary's figures.
  await team.page.clock.fastForward('01:00');
  await expect.poll(async () => (await previews()).preview, { message: "the preview's view reaches the service" }).toBe(1);
  expect((await previews()).others).toBe(0);

  // Another visitor, at the same time: the version in force, no banner; so with a crafted link (the
  // pin's claims changed, its signature kept).
  const [header, claims, signature] = new URL(previewed.link).searchParams.get('preview')!.split('.');
  const crafted = JSON.parse(Buffer.from(claims!, 'base64url').toString());
  crafted.exp += 30 * 86_400;
  const other = await visitor(browser, origin, 'preview-other-visitor');
  for (const address of [`${origin}/`, `${origin}/?preview=${[header, Buffer.from(JSON.stringify(crafted)).toString('base64url'), signature].join('.')}`]) {
    await other.page.goto(address);
    await expect(other.page).toHaveURL(`${origin}/`);
    await expect(h1(other.page)).toHaveText(HEADINGS.landing);
    await expect(other.page.getByRole('region', { name: 'Previzualizare' })).toHaveCount(0);
  }
  expect((await other.page.context().cookies()).map((cookie) => cookie.name)).not.toContain('preview');
  await other.close();

  // Another page keeps the preview; the banner's button, reached by the keyboard, ends it.
  await team.page.goto(`${origin}/contact`);
  await expect(banner).toBeVisible();
  await team.page.goto(`${origin}/`);
  await expect(h1(team.page)).toHaveText(/^Versiunea nouă/);
  const end = banner.getByRole('button', { name: 'Încheiați previzualizarea' });
  for (let press = 0; press < 3 && !(await end.evaluate((el) => el === document.activeElement)); press += 1) await team.page.keyboard.press('Tab');
  await expect(end).toBeFocused();
  await team.page.keyboard.press('Enter');
  await expect(h1(team.page)).toHaveText(HEADINGS.landing);
  await expect(banner).toHaveCount(0);
  await team.close();
});

test('a version whose files were changed in the store after it was published is refused by the release command, and run neither by the server nor by the browser', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  site = await releasedSite({ shellPort: 3173, storePort: 3174 });
  const { origin, release, released } = site;
  const { version } = await released('publish', 'mfe-marketing', '--from', variantDist('marketingV2'));
  // In a canary, then someone who can write to the store (or the CDN in front of it) changes the published code.
  await released('canary', 'mfe_marketing', version, '100', '--reason', 'changed in the store after publish');
  const folder = join(site.deployDir, 'mfe-marketing', version);
  const marker = join(site.deployDir, 'render-entry-ran');
  const renderEntry = readdirSync(join(folder, 'server')).find((file) => /^render\.[0-9a-f]+\.js$/.test(file))!;
  appendFileSync(join(folder, 'server', renderEntry), `\nrequire('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`);
  const entry = remoteEntryIn(folder);
  appendFileSync(join(folder, entry), '\nwindow.__changedInTheStore = true;\n');
  // Its compressed copies too (the store sends those to a browser that takes them).
  const changedEntry = readFileSync(join(folder, entry));
  writeFileSync(join(folder, `${entry}.br`), brotliCompressSync(changedEntry));
  writeFileSync(join(folder, `${entry}.gz`), gzipSync(changedEntry));
  expect(site.document().mfe_marketing.canary.integrity[entry]).toMatch(/^sha256-/);
  // The release command checks the stored files first: promoting it, or putting it in a canary again, is refused, naming the file.
  for (const args of [
    ['promote', 'mfe_marketing'],
    ['canary', 'mfe_marketing', version, '50'],
  ]) {
    const refused = await release(...args);
    expect(refused.code).not.toBe(0);
    expect(`${refused.stderr}${refused.stdout}`).toMatch(
      new RegExp(`mfe_marketing ${version}: (server/${renderEntry}|${entry.replaceAll('.', '\\.')}) in the store is not the file published`),
    );
  }

  const { page, close } = await visitor(browser, origin, 'integrity-visitor-1');
  // The server does not run the changed render entry: the page is served unrendered, as for a missing entry.
  const served = await (await page.request.get(`${origin}/`)).text();
  expect(served).toMatch(/<div id="?root"?><\/div>/);
  expect(served).not.toContain('Versiunea nouă');
  expect(existsSync(marker)).toBe(false);
  // Nor does the browser: the changed entry is refused, and the visitor is told the page could not be loaded.
  await page.goto(`${origin}/`);
  await expect(h1(page)).toHaveText('Această pagină nu s-a putut încărca');
  expect(await page.evaluate(() => (window as { __changedInTheStore?: boolean }).__changedInTheStore)).toBeUndefined();
  await close();
});

test('a candidate that requires a newer shared-ui or react than the shell provides is refused by publish, naming the package', async () => {
  site = await releasedSite({ shellPort: 3167, storePort: 3168 });
  const { release } = site;
  for (const [name, requiredVersion] of [
    ['@site/shared-ui', '^2.0.0'],
    ['react', '^20.0.0'],
  ] as const) {
    const candidate = mkdtempSync(join(tmpdir(), 'release-e2e-candidate-'));
    cpSync(join(root, 'mfe-account', 'dist'), candidate, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(candidate, 'mf-manifest.json'), 'utf8'));
    for (const entry of manifest.shared) if (entry.name === name) entry.requiredVersion = requiredVersion;
    writeFileSync(join(candidate, 'mf-manifest.json'), JSON.stringify(manifest));
    const refused = await release('publish', 'mfe-account', '--from', candidate);
    rmSync(candidate, { recursive: true, force: true });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`  ${name}: candidate requires ${requiredVersion}, shell provides`);
  }
});

test('rollback to a version two releases back, and the history lists every step', async ({ browser }) => {
  test.setTimeout(90_000);
  site = await releasedSite({ shellPort: 3169, storePort: 3170 });
  const { origin, released } = site;
  const accountV1 = (await released('status')).remotes.find((r: { remote: string }) => r.remote === 'mfe_account').stable.version as string;
  const { version: accountV2 } = await released('publish', 'mfe-account', '--from', variantDist('accountV2'), '--reason', 'another heading');
  await released('canary', 'mfe_account', accountV2, '50', '--reason', 'half the visitors');
  await released('promote', 'mfe_account', '--reason', 'heading approved');
  // A third release: the first build with one more file (another content, another version).
  const third = mkdtempSync(join(tmpdir(), 'release-e2e-third-'));
  cpSync(join(root, 'mfe-account', 'dist'), third, { recursive: true });
  writeFileSync(join(third, 'release-note.txt'), 'third release');
  const accountV3 = (await released('publish', 'mfe_account', '--from', third)).version as string;
  rmSync(third, { recursive: true, force: true });
  await released('canary', 'mfe_account', accountV3, '100');
  await released('promote', 'mfe_account');

  const back = await released('rollback', 'mfe_account', accountV1, '--reason', 'back to the first');
  expect(back).toMatchObject({ from: accountV3, to: accountV1 });
  const { page, close } = await visitor(browser, origin, visitors('mfe_account').canary[0]!, { crawler: true });
  await page.goto(`${origin}/account`);
  await expect(h1(page)).toHaveText(HEADINGS.account);
  await close();

  const steps = ((await released('history', 'mfe_account')).entries as { verb: string; from: string | null; to: string; reason: string | null }[]).map(
    (e) => `${e.verb} ${e.from ?? '-'} ${e.to}`,
  );
  expect(steps).toEqual([
    `publish - ${accountV1}`,
    `init - ${accountV1}`,
    `publish - ${accountV2}`,
    `canary - ${accountV2}`,
    `promote ${accountV1} ${accountV2}`,
    `publish - ${accountV3}`,
    `canary - ${accountV3}`,
    `promote ${accountV2} ${accountV3}`,
    `rollback ${accountV3} ${accountV1}`,
  ]);
});
