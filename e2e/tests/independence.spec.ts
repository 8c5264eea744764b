import { expect, test, type Browser } from '@playwright/test';
import { cohortBucket, type RemoteName } from '@site/shared-ui/remotes-document';
import { LOCAL_VIEW_TOKEN_SECRET } from '@site/contract/telemetry';
import { listen, remoteApp, shellApp, signedVisitorId, type Listening } from '@site/site-server';
import * as runtimeConfig from '@site/site-server/runtime-config';
import { Hono } from 'hono';
import { h1, loggedErrors, watchReplacedNodes } from '../support';
import { variantDist } from '../variants';

// A remote released alone: a changed copy of mfe-marketing and of mfe-auth (another h1), built
// into deployment folders of their own by the global setup (variants.ts), served beside the builds
// in force, with the shell and its server untouched. Each visitor gets its own version's page
// prerendered, and hydrates it.
const SHELL = 3150;
const MARKETING_V2 = 3151;
const AUTH_V2 = 3152;
const BROKEN = 3153;
const origin = `http://localhost:${SHELL}`;

const stable = runtimeConfig.remotesDocument();
const v2 = {
  mfe_marketing: `http://localhost:${MARKETING_V2}/mf-manifest.json`,
  mfe_auth: `http://localhost:${AUTH_V2}/mf-manifest.json`,
};
const pages = {
  mfe_marketing: {
    path: '/',
    old: 'Ajutăm persoanele nevăzătoare să exploreze lumea cu încredere',
    new: 'Versiunea nouă: ajutăm persoanele nevăzătoare să exploreze lumea cu încredere',
    english: 'New version: we help blind people explore the world with confidence',
    oldEnglish: 'We help blind people explore the world with confidence',
  },
  mfe_auth: { path: '/login', old: 'Autentificare', new: 'Autentificare, versiunea nouă', english: 'Log in, new version', oldEnglish: 'Log in' },
} as const;

/**
 * Two visitor ids: one in a 50% canary of the remote, one outside it. The server keeps only ids it
 * signed: these are signed with local mode's public secret (refused outside local mode).
 */
function visitors(remote: RemoteName) {
  const ids = Array.from({ length: 200 }, (_, i) => signedVisitorId(LOCAL_VIEW_TOKEN_SECRET, `0000000${i}-visitor-test`));
  return { canary: ids.find((id) => cohortBucket(id, remote) < 50)!, stable: ids.find((id) => cohortBucket(id, remote) >= 50)! };
}

let remotesDoc: Record<string, unknown> = stable;
const servers: Listening[] = [];

test.beforeAll(async () => {
  // A deployment whose render entry is gone: its pages are served empty, the others still prerendered.
  const broken = new Hono().get('/server/*', (c) => c.text('gone', 404)).route('/', remoteApp('mfe_marketing', variantDist('marketingV2')));
  servers.push(
    await listen(shellApp({ remotes: () => remotesDoc }), SHELL),
    await listen(remoteApp('mfe_marketing', variantDist('marketingV2')), MARKETING_V2),
    await listen(remoteApp('mfe_auth', variantDist('authV2')), AUTH_V2),
    await listen(broken, BROKEN),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

/** A visitor with this id opens the page: its prerendered HTML, then the page hydrated. */
async function visit(browser: Browser, path: string, visitorId: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'visitor-id', value: visitorId, url: origin }]);
  const page = await context.newPage();
  const errors = loggedErrors(page);
  const replacedNodes = await watchReplacedNodes(page);
  const response = await page.goto(`${origin}${path}`);
  const html = (await response!.text()).replace(/<[^>]+>/g, '');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return { page, html, errors, replacedNodes, close: () => context.close() };
}

async function expectHydratedAndWorking({ page, errors, replacedNodes }: Awaited<ReturnType<typeof visit>>, english: string) {
  await page.waitForLoadState('networkidle');
  expect(await replacedNodes()).toEqual([]);
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(h1(page)).toHaveText(english);
}

for (const remote of ['mfe_marketing', 'mfe_auth'] as const) {
  const { path } = pages[remote];

  test(`${remote} released alone: its new version's ${path} is prerendered and hydrates, without rebuilding the shell`, async ({ browser }) => {
    remotesDoc = { ...stable, [remote]: { manifest: v2[remote] } };
    const visitor = await visit(browser, path, visitors(remote).stable);
    expect(visitor.html).toContain(pages[remote].new);
    await expect(h1(visitor.page)).toHaveText(pages[remote].new);
    await expectHydratedAndWorking(visitor, pages[remote].english);
    await visitor.close();
  });

  test(`${remote} in a 50% canary: each visitor gets its own version of ${path}, prerendered and hydrated`, async ({ browser }) => {
    remotesDoc = { ...stable, [remote]: { manifest: (stable as Record<string, { manifest: string }>)[remote]!.manifest, canary: { manifest: v2[remote], percentage: 50 } } };
    const ids = visitors(remote);
    const onCanary = await visit(browser, path, ids.canary);
    const onStable = await visit(browser, path, ids.stable);
    expect(onCanary.html).toContain(pages[remote].new);
    expect(onStable.html).toContain(pages[remote].old);
    expect(onStable.html).not.toContain(pages[remote].new);
    await expect(h1(onCanary.page)).toHaveText(pages[remote].new);
    await expect(h1(onStable.page)).toHaveText(pages[remote].old);
    await expectHydratedAndWorking(onCanary, pages[remote].english);
    await expectHydratedAndWorking(onStable, pages[remote].oldEnglish);
    await onCanary.close();
    await onStable.close();
  });
}

test("a version whose render entry cannot be loaded is served empty and rendered by the browser; the other remotes' pages stay prerendered", async ({ browser, request }) => {
  remotesDoc = { ...stable, mfe_marketing: { manifest: `http://localhost:${BROKEN}/mf-manifest.json` } };
  const html = await (await request.get(`${origin}/`)).text();
  expect(html).toMatch(/<div id="?root"?><\/div>/);
  expect(await (await request.get(`${origin}/login`)).text()).toContain('data-prerendered="/login"');
  // The browser renders it, from the same (changed) version.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await expect(h1(page)).toHaveText(pages.mfe_marketing.new);
  await context.close();
});

test('a first visit gets a visitor-id cookie (SameSite=Lax), and the browser keeps the same id', async ({ browser }) => {
  remotesDoc = stable;
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${origin}/`);
  const header = (await response!.allHeaders())['set-cookie'] ?? '';
  const id = /visitor-id=([^;]+)/.exec(header)?.[1];
  expect(header).toMatch(/SameSite=Lax/i);
  expect(id).toBeTruthy();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A browser that keeps the cookie keeps no copy in localStorage (read on a page's start, it is slow).
  expect(await page.evaluate(() => localStorage.getItem('visitor-id'))).toBeNull();
  expect((await context.cookies(origin)).find((c) => c.name === 'visitor-id')?.value).toBe(id);
  await context.close();
});
