import type * as Read from './remotesDocumentRead';

/** A fresh copy of the module (its state is the page's), with fetch answering `answers` in turn. */
function freshRead(...answers: Array<() => Promise<unknown>>) {
  const fetchMock = jest.fn((..._args: unknown[]) => (answers.shift() ?? (async () => ({ ok: true })))());
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  let read!: typeof Read;
  jest.isolateModules(() => {
    read = require('./remotesDocumentRead');
  });
  return { read, fetchMock };
}

afterEach(() => {
  delete globalThis.__APP_CONFIG__;
});

describe('the remotes document read as the shell starts', () => {
  it('is asked for once, where this environment serves it, and its answer is the first read', async () => {
    globalThis.__APP_CONFIG__ = { remotesUrl: 'https://cdn.example/site/remotes.json' };
    const early = { ok: true, status: 200 };
    const { read, fetchMock } = freshRead(async () => early);
    read.startReadingRemotesDocument();
    read.startReadingRemotesDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('https://cdn.example/site/remotes.json');
    await expect(read.readRemotesDocument()).resolves.toBe(early);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is used once: a read again asks again, with its own options', async () => {
    const { read, fetchMock } = freshRead();
    read.startReadingRemotesDocument();
    await read.readRemotesDocument();
    await read.readRemotesDocument({ cache: 'no-cache' });
    await read.readRemotesDocument();
    expect(fetchMock.mock.calls).toEqual([['/remotes.json'], ['/remotes.json', { cache: 'no-cache' }], ['/remotes.json', undefined]]);
  });

  it('hands its failure to the first read (never an unhandled rejection), and the next read asks afresh', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { read, fetchMock } = freshRead(async () => {
        throw new TypeError('Failed to fetch');
      });
      read.startReadingRemotesDocument();
      await new Promise((resolve) => setTimeout(resolve, 0));
      await expect(read.readRemotesDocument()).rejects.toThrow('Failed to fetch');
      await expect(read.readRemotesDocument()).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is not needed: without an early read, the first read asks for the document itself', async () => {
    const { read, fetchMock } = freshRead();
    await read.readRemotesDocument();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', undefined);
  });
});
