import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticApp } from './staticServer';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
const PRERENDERED = '<!doctype html><html><head></head><body><div id="root"><h1>Contact</h1></div></body></html>';
const never = new Promise<never>(() => {});

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(root, 'index.html'), INDEX);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a page of the production server', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('is served prerendered, with its hints, when both are ready in time', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 1_000, pageHtml: async () => PRERENDERED, pageLinks: async () => '</a.js>; rel=preload; as=script' });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBe('</a.js>; rel=preload; as=script');
    expect(logged).not.toHaveBeenCalled();
  });

  it('whose render never ends is served empty once it has waited long enough, and the wait is logged', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: () => never });
    const response = await app.request('/contact');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
    expect(logged).toHaveBeenCalledWith('/contact is served without its prerendered HTML: not ready after 50 ms');
  });

  it('whose hints never come is served without them', async () => {
    const app = createStaticApp({ root, spa: true, pageWaitMs: 50, pageHtml: async () => PRERENDERED, pageLinks: () => never });
    const response = await app.request('/contact');
    expect(await response.text()).toBe(PRERENDERED);
    expect(response.headers.get('Link')).toBeNull();
    expect(logged).toHaveBeenCalledWith('/contact is served without its preload hints: not ready after 50 ms');
  });
});
