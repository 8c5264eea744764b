// The folder store (store.ts's layout): the embedded default, for one machine. A change runs under
// the folder's lock file; the document is written whole (document.ts), then the history appended.
import type { Integrity, RemoteName } from '@site/shared-ui/remotes-document';
import { readFileSync } from 'node:fs';
import { readDocument, writeDocument } from './document';
import { appendHistory, readHistory } from './history';
import {
  copyIntoStore,
  deploymentIn,
  integrityOfBuild,
  publishedVersions,
  storeFileAt,
  verifyStoredIntegrity,
  versionDir,
  withStoreLock,
  type ReleaseState,
  type StateChange,
  type Store,
} from './store';
import { REMOTE_NAMES } from '@site/shared-ui/remotes-document';
import { Unreadable } from './gate';

export class FolderStore implements Store {
  readonly kind = 'folder' as const;
  constructor(
    readonly dir: string,
    readonly baseUrl: string,
  ) {}

  get description() {
    return `the folder ${this.dir} (served from ${this.baseUrl})`;
  }

  async read(): Promise<ReleaseState> {
    return {
      document: readDocument(this),
      history: readHistory(this),
      published: REMOTE_NAMES.flatMap((remote) =>
        publishedVersions(this, remote).map((version) => ({ remote, version, integrity: deploymentIn(this, remote, version).integrity ?? null })),
      ),
    };
  }

  change<T>(apply: (state: ReleaseState) => Promise<StateChange<T>>): Promise<T> {
    return withStoreLock(this, async () => {
      const { document, history = [], value } = await apply(await this.read());
      // The versions it published are in place already: uploaded into their folders.
      if (document) writeDocument(this, document);
      for (const entry of history) appendHistory(this, entry);
      return value;
    });
  }

  async upload(remote: RemoteName, dist: string, version: string): Promise<Integrity> {
    copyIntoStore(this, remote, dist, version);
    return integrityOfBuild(versionDir(this, remote, version));
  }

  async verify(remote: RemoteName, version: string): Promise<void> {
    verifyStoredIntegrity(this, remote, version);
  }

  async fetchStored(url: string): Promise<Buffer | null> {
    const file = storeFileAt(this, url);
    if (!file) return null;
    try {
      return readFileSync(file);
    } catch {
      throw new Unreadable(`nothing at ${file}`);
    }
  }

  async close(): Promise<void> {}
}
