// The store's remotes document (remotes.json): validated before it is written, and written so that
// a reader (the site's servers re-read it on every request) sees the old one or the new one, whole.
import { parseRemotesDocument, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { storeDocumentPath } from '@site/site-server/runtime-config';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Folder as Store } from './store';

export const documentPath = (store: Store) => storeDocumentPath({ DEPLOY_DIR: store.dir });

/** The document in force, or null before the first release (`release init`). */
export function readDocument(store: Store): RemotesDocument | null {
  const file = documentPath(store);
  if (!existsSync(file)) return null;
  try {
    return parseRemotesDocument(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file} is not a valid remotes document (${(error as Error).message}); fix or restore it before releasing`);
  }
}

/**
 * Validates and replaces the document: a temporary file in the same folder (a rename is atomic
 * only within one file system), flushed to disk, renamed over the old one, and the folder flushed
 * so that the rename itself survives a crash. Whatever fails, the old document stays whole.
 */
export function writeDocument(store: Store, doc: RemotesDocument): void {
  const valid = parseRemotesDocument(doc);
  const file = documentPath(store);
  mkdirSync(dirname(file), { recursive: true });
  // A dot name: never served (siteServers.ts deployStoreApp), and easy to tell from the real one.
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx', 0o644);
    try {
      writeSync(fd, `${JSON.stringify(valid, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(dirname(file));
}

function syncFolder(folder: string) {
  let fd: number | null = null;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot flush a folder; the rename is still atomic there.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
