// What changed of the signed-in pages' answers, as the database commits it (migration 15's
// triggers notify the user's uid, on the channel of the service's schema: pageChangesChannel),
// told to every site's server that follows this replica (GET /page-changes). The replica listens
// once, on a connection of its own, for all its followers. Every PAGE_CHANGES_PING_MS it proves
// that notifications still reach it (a probe notified through the pool must come back on the
// listening connection: a connection that answers but hears nothing, as behind a pooler in
// transaction mode, fails it) and only then pings them, so a follower that hears a ping knows it
// missed nothing until then. Listening lost (the connection, the database closed, a probe
// unheard): every follower is ended, and learns it may have missed a change; the next follower
// listens again.
//
// A write made through this replica is answered only once its change has been told to the
// followers (told(), before every write's answer: toldBeforeAnswers.ts): PostgreSQL tells a
// listening connection of a commit a moment after the commit is answered, so without it a page
// asked for right after a write's answer could be drawn from answers kept from before it.
import { createHash, randomUUID } from 'node:crypto';
import { EVERY_USER, PAGE_CHANGES_PING_MS, pageChangeKey } from '@site/contract/page-changes';
import type { Database, Listening } from '../db/database';
import type { Logger } from '../http/logging';

/**
 * The channel the triggers notify for the service's tables in `schema` (migration 16): a
 * notification is heard by every connection of the database that listens to its channel, so each
 * schema has its own. public's, every deployment's, is page_changes.
 */
export function pageChangesChannel(schema: string): string {
  return schema === 'public' ? 'page_changes' : `page_changes:${createHash('md5').update(schema).digest('hex')}`;
}

/** What a probe's payload starts with (a uid the identity provider issues is never this). */
const PROBE = 'page-changes-probe:';

/**
 * How long a write's answer waits, at most, for its change to be told (told()): a probe is heard
 * back in about a millisecond; one not heard in this long means the listening is lost, and every
 * follower is ended instead (so none keeps an answer from before the write).
 */
export const PAGE_CHANGES_TOLD_MS = 1_000;

export interface PageChangeFollower {
  /** A user's pages changed (their key), or every user's (EVERY_USER). */
  changed(key: string): void;
  /** The changes are still heard: nothing was missed until now. */
  ping(): void;
  /** No change is heard any more (why, for the log): the follower may have missed one. */
  ended(why: string): void;
}

export interface PageChangeHub {
  /** Listens if it does not yet: fails (the database cannot be listened to) before anyone follows. */
  listening(): Promise<void>;
  /** Follows from now on (a follower that cannot, listening lost just now, is ended at once); answers what stops following. */
  follow(follower: PageChangeFollower): () => void;
  /**
   * Resolves once every change committed before the call has been told to this replica's
   * followers: a probe notified through the pool is heard back on the listening connection, and
   * PostgreSQL tells a connection of commits in the order they were made. At once when nobody
   * follows. A probe not heard back within toldMs (the listening lost): every follower is ended
   * first, as they are when a ping's probe is not heard back.
   */
  told(): Promise<void>;
  /** Ends every follower at once and stops listening (the service stops answering for a while): the next follower listens again. */
  stop(why: string): Promise<void>;
  /** Ends every follower at once and stops listening for good (the service is stopping). */
  close(): Promise<void>;
  /** How many follow now (the metrics' and the tests'). */
  followers(): number;
}

/** One listening of the channel, with its followers and its probes. */
interface Session {
  listening: Promise<Listening>;
  /** The channel it listens to (pageChangesChannel), once the schema is read. */
  channel: string;
  heard: Listening | null;
  followers: Set<PageChangeFollower>;
  probes: Map<string, () => void>;
  ticker?: NodeJS.Timeout;
  over: boolean;
}

export function pageChangeHub({
  db,
  logger,
  pingMs = PAGE_CHANGES_PING_MS,
  toldMs = PAGE_CHANGES_TOLD_MS,
}: {
  db: Pick<Database, 'listen' | 'query'>;
  logger: Pick<Logger, 'warn'>;
  pingMs?: number;
  toldMs?: number;
}): PageChangeHub {
  let session: Session | null = null;
  let closed = false;

  /** Ends a session: its followers at once (each told why), then its listening. */
  async function end(ending: Session, why: string, { warn }: { warn: boolean }) {
    if (ending.over) return;
    ending.over = true;
    if (session === ending) session = null;
    clearInterval(ending.ticker);
    if (warn) logger.warn({ reason: why }, "page changes are not heard any more: the site's servers following them read every signed-in page's answers until they follow again");
    const followers = [...ending.followers];
    ending.followers.clear();
    for (const follower of followers) follower.ended(why);
    const listening = await ending.listening.catch(() => null);
    await listening?.stop();
  }

  /** Whether a probe notified through the pool is heard back on the session's listening connection within `withinMs`. */
  function probeHeard(probing: Session, withinMs: number): Promise<boolean> {
    const nonce = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const late = setTimeout(() => resolve(false), withinMs);
      late.unref();
      probing.probes.set(nonce, () => {
        clearTimeout(late);
        resolve(true);
      });
      db.query('SELECT pg_notify($1, $2)', [probing.channel, `${PROBE}${nonce}`]).catch(() => {
        clearTimeout(late);
        resolve(false);
      });
    });
    return heard.finally(() => probing.probes.delete(nonce));
  }

  /** Every interval: the followers pinged once a probe is heard back; else the session is lost. */
  function ping(probing: Session) {
    void probeHeard(probing, pingMs).then((back) => {
      if (probing.over) return;
      if (back) for (const follower of probing.followers) follower.ping();
      else void end(probing, `a probe of the listening connection was not heard back within ${pingMs} ms`, { warn: !closed });
    });
  }

  function listen(): Session {
    if (session) return session;
    const started: Session = { listening: Promise.resolve(null as never), channel: '', heard: null, followers: new Set(), probes: new Map(), over: false };
    // The channel of the schema the service's tables are in (the first of its connections' search path).
    started.listening = db.query<{ schema: string }>('SELECT current_schema() AS schema').then(({ rows }) => {
      started.channel = pageChangesChannel(rows[0]?.schema ?? 'public');
      return db.listen(started.channel, (payload) => {
        if (payload.startsWith(PROBE)) return void started.probes.get(payload.slice(PROBE.length))?.();
        const key = payload === EVERY_USER ? EVERY_USER : pageChangeKey(payload);
        for (const follower of started.followers) follower.changed(key);
      });
    });
    session = started;
    started.listening.then(
      (listening) => {
        // Stopped while it was starting (end() stops it once it has started): never heard.
        if (started.over) return;
        started.heard = listening;
        started.ticker = setInterval(() => ping(started), pingMs);
        started.ticker.unref();
        void listening.lost.then((why) => end(started, why, { warn: !closed && why !== 'stopped' }));
      },
      () => void (session === started && (session = null)),
    );
    return started;
  }

  async function stop(why: string) {
    if (session) await end(session, why, { warn: false });
  }

  return {
    async listening() {
      if (closed) throw new Error('the service is stopping');
      await listen().listening;
    },
    follow(follower) {
      const current = session;
      if (closed || !current || current.over || !current.heard) {
        follower.ended(closed ? 'the service is stopping' : 'page changes are not heard now');
        return () => undefined;
      }
      current.followers.add(follower);
      return () => void current.followers.delete(follower);
    },
    async told() {
      const current = session;
      if (!current || current.over || !current.heard || current.followers.size === 0) return;
      if (await probeHeard(current, toldMs)) return;
      // Its followers are ended as this starts (before the write is answered); the listening stops after.
      if (!current.over) void end(current, `a write's probe of the listening connection was not heard back within ${toldMs} ms`, { warn: !closed });
    },
    stop,
    async close() {
      closed = true;
      await stop('the service is stopping');
    },
    followers: () => session?.followers.size ?? 0,
  };
}
