import { isChunkLoadError, reloadOnce, RELOADED_URLS_KEY } from './reloadOnce';

describe('reloading a page whose code is gone', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads a URL once per tab session, and each other URL once too', () => {
    const reload = jest.fn();
    expect(reloadOnce('https://site.example/contact', { reload })).toBe(true);
    expect(reloadOnce('https://site.example/contact', { reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce('https://site.example/aboutus', { reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sessionStorage.getItem(RELOADED_URLS_KEY)!)).toEqual(['https://site.example/contact', 'https://site.example/aboutus']);
  });

  it('does not reload where it cannot remember having done so (no sessionStorage): a loop is worse than an error', () => {
    const reload = jest.fn();
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(reloadOnce('https://site.example/contact', { reload, storage: refusing })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('starts afresh from a guard entry that is not a list of URLs', () => {
    sessionStorage.setItem(RELOADED_URLS_KEY, '{"not":"a list"}');
    const reload = jest.fn();
    expect(reloadOnce('https://site.example/', { reload })).toBe(true);
  });

  it("knows webpack's ChunkLoadError, also as the cause of another error, and nothing else", () => {
    const chunk = Object.assign(new Error('Loading chunk 262 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('wrapped', { cause: chunk }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('RUNTIME-008: remote entry failed'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed.')).toBe(false);
  });
});
