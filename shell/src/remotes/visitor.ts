import { isVisitorId, preferenceCookie, storage, STORAGE_KEYS, VISITOR_ID } from '@site/shared-ui';
import { readCookie, writeCookie } from '@site/shared-ui/cookies';

/**
 * A random, stable id for this browser: it only decides canary cohorts, nothing else. The cookie
 * is what the site's server reads to render the version this browser will load: the server's own,
 * signed (it sets one on a first visit, and replaces one it did not sign), taken here as it is,
 * without reading localStorage (its first read on a page is slow: storage.ts). Without the cookie
 * (a browser that refuses cookies), localStorage keeps the id.
 */
export function visitorId(): string {
  const cookie = readCookie(VISITOR_ID);
  if (isVisitorId(cookie)) return cookie;
  const saved = storage.get(STORAGE_KEYS.visitor);
  const id = isVisitorId(saved) ? saved : crypto.randomUUID();
  writeCookie(VISITOR_ID, id, preferenceCookie());
  if (saved !== id) storage.set(STORAGE_KEYS.visitor, id);
  return id;
}
