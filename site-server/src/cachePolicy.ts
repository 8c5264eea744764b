// How long a cache may keep a file the site serves, by its kind: a content-hashed file for a year,
// as immutable (a remote's entry among them); anything named without a hash (a page, a manifest,
// the shell's main.js, the remotes document) revalidated on every load. The servers apply it (staticServer.ts), and the release
// command gives it to each object it uploads to the bucket behind the CDN (release/src/pgS3Store.ts).
export const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|jpe?g|webp|avif|svg|woff2?)$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const cacheControlOf = (path: string) => (HASHED.test(path) ? IMMUTABLE : 'no-cache');
