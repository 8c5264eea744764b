// What a release records of a version's files, and how the site's server checks a file against it
// before running it: its sha256, as a subresource-integrity string (the form browsers check too).
import { createHash } from 'node:crypto';

/** A file's sha256 as subresource integrity: `sha256-<base64>`. */
export const sriSha256 = (content: string | Uint8Array): string => `sha256-${createHash('sha256').update(content).digest('base64')}`;

/**
 * What the server may run of a file fetched from a release: `expected`, the integrity the release
 * recorded for it (null: none); `required`, whether a file with none recorded may run (outside local
 * mode it may not). Throws, naming the file, when it may not.
 */
export function checkIntegrity(url: string, content: string | Uint8Array, expected: string | null, required: boolean): void {
  if (expected === null) {
    if (required) throw new Error(`${url} has no integrity recorded by a release: it is not run outside local mode`);
    return;
  }
  const actual = sriSha256(content);
  if (actual !== expected) throw new Error(`${url} does not match the integrity its release recorded (${expected}; it is ${actual}): it is not run`);
}
