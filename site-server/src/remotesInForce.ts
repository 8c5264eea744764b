import { parseRemotesDocument, type ManifestPolicy, type RemotesDocument } from '@site/shared-ui/remotes-document';
import { siteLogger } from './logging';

/**
 * The remotes document in force, validated at each read; while a read fails (a file being
 * replaced, or an invalid edit) the last good one stays in force, and the failure is logged once.
 * `policy`: where its manifests may be (runtimeConfig.ts, manifestPolicy; none in local mode).
 */
export function remotesInForce(read: () => unknown, log = (message: string) => siteLogger.error(message), policy?: ManifestPolicy): () => RemotesDocument {
  let lastGood: RemotesDocument | null = null;
  let lastRead: unknown = undefined;
  let lastError = '';
  // Read once in a turn of the event loop, however many times a page's handling asks in it (four
  // or five times a page, each a look at the file system in local mode: 0.04 ms of a public page's
  // 0.5, profiled); the next turn reads again, so a release is in force from then on.
  let readThisTurn: { document: unknown } | null = null;
  const readOnce = () => {
    if (!readThisTurn) {
      readThisTurn = { document: read() };
      setImmediate(() => (readThisTurn = null));
    }
    return readThisTurn.document;
  };
  return () => {
    try {
      const document = readOnce();
      // The very document validated last time (runtimeConfig's reader gives an unchanged file's
      // document again): nothing to validate anew.
      if (lastGood && document === lastRead && lastError === '') return lastGood;
      lastGood = parseRemotesDocument(document, policy);
      lastRead = document;
      lastError = '';
    } catch (error) {
      const message = (error as Error).message;
      if (message !== lastError) log(`the remotes document could not be read (${message}); ${lastGood ? 'the last good one stays in force' : 'there is none yet'}`);
      lastError = message;
      if (!lastGood) throw error;
    }
    return lastGood;
  };
}
