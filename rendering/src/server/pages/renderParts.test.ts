// The parts renderedPages() is made of, each alone: the turns renders take, and the pages kept.
import { FAILED_PAGE_RETRY_MS, keptPages } from './keptPages';
import { drawnHtml } from './pageTypes';
import { renderTurns, TurnMissed } from './renderers';

const config = { userServiceUrl: 'http://service.test' } as never;

describe("renders' turns (renderTurns)", () => {
  it('runs one step at a time, in the order asked, with the runtime configuration as __APP_CONFIG__ during each only', async () => {
    const exclusive = renderTurns(config);
    const global = globalThis as { __APP_CONFIG__?: unknown };
    const seen: string[] = [];
    let release!: () => void;
    const first = exclusive(async () => {
      seen.push(`first starts ${global.__APP_CONFIG__ === config}`);
      await new Promise<void>((resolve) => (release = resolve));
      seen.push('first ends');
      return 1;
    });
    const second = exclusive(() => {
      seen.push(`second ${global.__APP_CONFIG__ === config}`);
      return 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(['first starts true']);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(seen).toEqual(['first starts true', 'first ends', 'second true']);
    expect(global.__APP_CONFIG__).toBeUndefined();
  });

  it('drops a step whose request stopped waiting before its turn came, and goes on with the next; a failing step fails alone', async () => {
    const exclusive = renderTurns(config);
    let release!: () => void;
    const long = exclusive(() => new Promise<void>((resolve) => (release = resolve)));
    const missed = exclusive(() => 'never', Date.now() + 5);
    const failing = exclusive(() => {
      throw new Error('render failed');
    });
    const next = exclusive(() => 'next');
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await long;
    await expect(missed).rejects.toBeInstanceOf(TurnMissed);
    await expect(failing).rejects.toThrow('render failed');
    expect(await next).toBe('next');
  });
});

describe('pages kept (keptPages)', () => {
  it('draws a page once for every request that asks for it, at once or later', async () => {
    const once = keptPages({ log: () => undefined });
    let drawn = 0;
    const work = async () => drawnHtml(`<p>page ${++drawn}</p>`);
    const [a, b] = await Promise.all([once('k', '/', work, 'entry'), once('k', '/', work, 'entry')]);
    expect((await once('k', '/', work, 'entry'))?.html).toBe('<p>page 1</p>');
    expect(a).toBe(b);
    expect(drawn).toBe(1);
    expect((await once('other', '/', work, 'entry'))?.html).toBe('<p>page 2</p>');
  });

  it('serves a page whose drawing failed as null, said in the log, and does not draw it again at once (FAILED_PAGE_RETRY_MS)', async () => {
    const logged: string[] = [];
    const once = keptPages({ log: (message) => logged.push(message) });
    let fails = true;
    const work = async () => {
      if (fails) throw new Error('no render entry');
      return drawnHtml('<p>page</p>');
    };
    expect(await once('k', '/privacy', work, 'remote.js')).toBeNull();
    expect(logged).toEqual([expect.stringMatching(/^\/privacy is served empty: rendering it from remote\.js failed: Error: no render entry/)]);
    fails = false;
    expect(await once('k', '/privacy', work, 'remote.js')).toBeNull();
    expect(logged).toHaveLength(1);
    expect(FAILED_PAGE_RETRY_MS).toBe(10_000);
  });

  it('keeps at most maxPages, the least recently served dropped first', async () => {
    const once = keptPages({ maxPages: 2, log: () => undefined });
    let drawn = 0;
    const work = async () => drawnHtml(`<p>${++drawn}</p>`);
    await once('a', '/', work, 'e');
    await once('b', '/', work, 'e');
    await once('a', '/', work, 'e');
    await once('c', '/', work, 'e');
    expect(drawn).toBe(3);
    await once('a', '/', work, 'e');
    expect(drawn).toBe(3);
    await once('b', '/', work, 'e');
    expect(drawn).toBe(4);
  });
});
