import { STORAGE_KEYS, storage } from '@site/shared-ui';

/** A random, stable id for this browser: it only decides canary cohorts, nothing else. */
export function visitorId(): string {
  const saved = storage.get(STORAGE_KEYS.visitor);
  if (saved) return saved;
  const id = crypto.randomUUID();
  storage.set(STORAGE_KEYS.visitor, id);
  return id;
}
