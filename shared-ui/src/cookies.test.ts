import { holdCookies, readCookie, removeCookie, writeCookie } from './cookies';

/** Counts the reads of document.cookie (each a synchronous call to the browser in a real one). */
function countReads() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  let reads = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get() {
      reads += 1;
      return descriptor.get!.call(document);
    },
    set(value: string) {
      descriptor.set!.call(document, value);
    },
  });
  return { reads: () => reads, restore: () => delete (document as { cookie?: string }).cookie };
}

/** Lets the running code finish: what it read is forgotten. */
const afterThisRun = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let counter: ReturnType<typeof countReads>;
beforeEach(async () => {
  await afterThisRun();
  for (const name of ['theme', 'locale', 'login']) document.cookie = `${name}=; path=/; max-age=0`;
  counter = countReads();
});
afterEach(() => counter.restore());

describe('readCookie', () => {
  it('reads document.cookie once for every read of the running code, by js-cookie (decoded)', () => {
    document.cookie = 'theme=dark; path=/';
    document.cookie = `locale=${encodeURIComponent('ro ro')}; path=/`;
    const before = counter.reads();
    expect(readCookie('theme')).toBe('dark');
    expect(readCookie('locale')).toBe('ro ro');
    expect(readCookie('theme')).toBe('dark');
    expect(readCookie('missing')).toBeUndefined();
    // js-cookie reads it twice in the one call that reads every cookie; then none.
    expect(counter.reads() - before).toBeLessThanOrEqual(2);
  });

  it('sees a change made by another (the server, another tab) once the running code is done', async () => {
    document.cookie = 'theme=dark; path=/';
    expect(readCookie('theme')).toBe('dark');
    document.cookie = 'theme=light; path=/';
    await afterThisRun();
    expect(readCookie('theme')).toBe('light');
  });

  it("sees this page's own writes and removals at once", () => {
    document.cookie = 'theme=dark; path=/';
    expect(readCookie('theme')).toBe('dark');
    writeCookie('theme', 'light', { path: '/' });
    expect(readCookie('theme')).toBe('light');
    writeCookie('login', 'token', { path: '/' });
    expect(readCookie('login')).toBe('token');
    removeCookie('login', { path: '/' });
    expect(readCookie('login')).toBeUndefined();
    expect(document.cookie).not.toContain('login=');
  });
});

describe('holdCookies', () => {
  it('keeps the cookies as first read across tasks until released, reading document.cookie once', async () => {
    document.cookie = 'theme=dark; path=/';
    const release = holdCookies();
    try {
      const before = counter.reads();
      expect(readCookie('theme')).toBe('dark');
      // Another's change (the server's, another tab's), and tasks later.
      document.cookie = 'theme=light; path=/';
      await afterThisRun();
      expect(readCookie('theme')).toBe('dark');
      await afterThisRun();
      expect(readCookie('theme')).toBe('dark');
      expect(counter.reads() - before).toBeLessThanOrEqual(2);
    } finally {
      release();
    }
    expect(readCookie('theme')).toBe('light');
  });

  it("sees this page's own writes at once while held, and keeps what it then reads", async () => {
    document.cookie = 'theme=dark; path=/';
    const release = holdCookies();
    try {
      expect(readCookie('theme')).toBe('dark');
      writeCookie('theme', 'light', { path: '/' });
      expect(readCookie('theme')).toBe('light');
      document.cookie = 'locale=en; path=/';
      await afterThisRun();
      expect(readCookie('locale')).toBeUndefined();
    } finally {
      release();
    }
    expect(readCookie('locale')).toBe('en');
  });

  it('holds until every hold is released, a release counted once', async () => {
    document.cookie = 'theme=dark; path=/';
    const first = holdCookies();
    const second = holdCookies();
    expect(readCookie('theme')).toBe('dark');
    document.cookie = 'theme=light; path=/';
    first();
    first();
    await afterThisRun();
    expect(readCookie('theme')).toBe('dark');
    second();
    expect(readCookie('theme')).toBe('light');
    // Nothing held: another's change is seen by the next task again.
    document.cookie = 'theme=dark; path=/';
    await afterThisRun();
    expect(readCookie('theme')).toBe('dark');
  });
});
