// A page whose code is gone (its deployment deleted after a rollback) is loaded afresh, once: the
// new page reads the remotes document in force. Remembered per URL for the browser tab's session,
// so a chunk that is missing for good shows the error instead of reloading forever.

/** The sessionStorage key of the URLs already reloaded for missing code. */
export const RELOADED_URLS_KEY = 'reloaded-for-missing-code';

/** webpack's ChunkLoadError: a chunk of a loaded remote answered 404 (or never arrived). */
export function isChunkLoadError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/.test(cause.message)) return true;
  }
  return false;
}

interface ReloadOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
}

/**
 * Reloads `url` (a full page load) unless it was reloaded for missing code before in this tab;
 * true when it did. Without sessionStorage it does not reload: a guard it cannot keep could loop.
 */
export function reloadOnce(url: string, { storage, reload = reloadPage }: ReloadOptions = {}): boolean {
  try {
    // Read inside the try: a locked-down browser throws on the very access to sessionStorage.
    const store = storage ?? window.sessionStorage;
    const parsed: unknown = JSON.parse(store.getItem(RELOADED_URLS_KEY) ?? '[]');
    const reloaded = Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
    if (reloaded.includes(url)) return false;
    store.setItem(RELOADED_URLS_KEY, JSON.stringify([...reloaded, url]));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A full page load of the URL the visitor is on (the router has already moved to it). */
export function reloadPage(): void {
  window.location.reload();
}

/** The page is being loaded afresh: nothing to render meanwhile (the loading status stays). */
export const pageGoingAway = () => new Promise<never>(() => undefined);
