// A remote's federation manifest as the shell's server reads it (preload hints, prerendered
// pages): fetched with a short timeout and kept a few seconds (browsers revalidate it on every load).
const TTL_MS = 10_000;
const TIMEOUT_MS = 1_000;

/** @returns {(url: string) => Promise<object | null>} a reader with its own small cache */
export function manifestReader() {
  const manifests = new Map();
  return (url) => {
    const cached = manifests.get(url);
    if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
    const value = fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
    manifests.set(url, { at: Date.now(), value });
    return value;
  };
}

/** The files an exposed module needs at once (its synchronous chunks), or null if not exposed. */
export function exposedFiles(manifest, module) {
  return manifest?.exposes?.find((exposed) => exposed.path === module)?.assets.js.sync ?? null;
}
