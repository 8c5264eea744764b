// What changed of the signed-in pages' answers, as the database commits it (migration 15's
// triggers notify the channel page_changes with the user's uid), told to every site's server that
// follows this replica (GET /page-changes). The replica listens once, on a connection of its own,
// for all its followers. Every PAGE_CHANGES_PING_MS it proves that notifications still reach it
// (a probe notified through the pool must come back on the listening connection: a connection that
// answers but hears nothing, as behind a pooler in transaction mode, fails it) and only then pings
// them, so a follower that hears a ping knows it missed nothing until then. Listening lost (the
// connection, the database closed, a probe unheard): every follower is ended, and learns it may
// have missed a change; the next follower listens again.
import { randomUUID } from 'node:crypto';
import { EVERY_USER, PAGE_CHANGES_PING_MS, pageChangeKey } from '@site/contract/page-changes';
import type { Database, Listening } from '../db/database';
import type { Logger } from '../http/logging';

/** The database's channel the triggers notify. */
export const PAGE_CHANGES_CHANNEL = 'page_changes';

/** What a probe's payload starts with (a uid the identity provider issues is never this). */
const PROBE = 'page-changes-probe:';

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
}: {
  db: Pick<Database, 'listen' | 'query'>;
  logger: Pick<Logger, 'warn'>;
  pingMs?: number;
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

  /** A probe notified through the pool, heard back on the listening connection within the interval; else the session is lost. */
  function probe(probing: Session) {
    const nonce = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const late = setTimeout(() => resolve(false), pingMs);
      late.unref();
      probing.probes.set(nonce, () => {
        clearTimeout(late);
        resolve(true);
      });
    });
    db.query('SELECT pg_notify($1, $2)', [PAGE_CHANGES_CHANNEL, `${PROBE}${nonce}`]).catch(() => undefined);
    void heard.then((back) => {
      probing.probes.delete(nonce);
      if (probing.over) return;
      if (back) for (const follower of probing.followers) follower.ping();
      else void end(probing, `a probe of the listening connection was not heard back within ${pingMs} ms`, { warn: !closed });
    });
  }

  function listen(): Session {
    if (session) return session;
    const started: Session = { listening: Promise.resolve(null as never), heard: null, followers: new Set(), probes: new Map(), over: false };
    started.listening = db.listen(PAGE_CHANGES_CHANNEL, (payload) => {
      if (payload.startsWith(PROBE)) return void started.probes.get(payload.slice(PROBE.length))?.();
      const key = payload === EVERY_USER ? EVERY_USER : pageChangeKey(payload);
      for (const follower of started.followers) follower.changed(key);
    });
    session = started;
    started.listening.then(
      (listening) => {
        // Stopped while it was starting (end() stops it once it has started): never heard.
        if (started.over) return;
        started.heard = listening;
        started.ticker = setInterval(() => probe(started), pingMs);
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
    stop,
    async close() {
      closed = true;
      await stop('the service is stopping');
    },
    followers: () => session?.followers.size ?? 0,
  };
}
