// What changed of the signed-in pages' answers, as the database commits it (migration 15's
// triggers notify the channel page_changes with the user's uid), told to every site's server that
// follows this replica (GET /page-changes). The replica listens once, on a connection of its own,
// for all its followers; every PAGE_CHANGES_PING_MS it checks that the connection still answers
// and only then pings them, so a follower that hears a ping knows it missed nothing until then.
// Listening lost (the connection, the database closed): every follower is ended, and learns it
// may have missed a change; the next follower listens again.
import { EVERY_USER, PAGE_CHANGES_PING_MS, pageChangeKey } from '@site/contract/page-changes';
import type { Database, Listening } from '../db/database';
import type { Logger } from '../http/logging';

/** The database's channel the triggers notify. */
export const PAGE_CHANGES_CHANNEL = 'page_changes';

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
  /** Ends every follower and stops listening (the service stops answering for a while): the next follower listens again. */
  stop(why: string): Promise<void>;
  /** Ends every follower and stops listening for good (the service is stopping). */
  close(): Promise<void>;
  /** How many follow now (the metrics' and the tests'). */
  followers(): number;
}

export function pageChangeHub({ db, logger, pingMs = PAGE_CHANGES_PING_MS }: { db: Pick<Database, 'listen'>; logger: Pick<Logger, 'warn'>; pingMs?: number }): PageChangeHub {
  const followers = new Set<PageChangeFollower>();
  let current: Promise<Listening> | null = null;
  let heard: Listening | null = null;
  let ticker: NodeJS.Timeout | undefined;
  let closed = false;

  const tell = (act: (follower: PageChangeFollower) => void) => {
    for (const follower of followers) act(follower);
  };

  const endAll = (why: string) => {
    const ended = [...followers];
    followers.clear();
    for (const follower of ended) follower.ended(why);
  };

  function listen(): Promise<Listening> {
    if (current) return current;
    const started = db.listen(PAGE_CHANGES_CHANNEL, (uid) => {
      const key = uid === EVERY_USER ? EVERY_USER : pageChangeKey(uid);
      tell((follower) => follower.changed(key));
    });
    current = started;
    started.then(
      (listening) => {
        heard = listening;
        ticker = setInterval(() => {
          listening.check().then(
            () => tell((follower) => follower.ping()),
            () => undefined, // lost: said below
          );
        }, pingMs);
        ticker.unref();
        void listening.lost.then((why) => {
          if (current !== started) return;
          current = null;
          heard = null;
          clearInterval(ticker);
          if (!closed && why !== 'stopped')
            logger.warn({ reason: why }, "page changes are not heard any more: the site's servers following them read every signed-in page's answers until they follow again");
          endAll(why);
        });
      },
      () => {
        if (current === started) current = null;
      },
    );
    return started;
  }

  async function stop(why: string) {
    clearInterval(ticker);
    endAll(why);
    const listening = await current?.catch(() => null);
    current = null;
    heard = null;
    await listening?.stop();
  }

  return {
    async listening() {
      if (closed) throw new Error('the service is stopping');
      await listen();
    },
    follow(follower) {
      if (closed || !heard) {
        follower.ended(closed ? 'the service is stopping' : 'page changes are not heard now');
        return () => undefined;
      }
      followers.add(follower);
      return () => void followers.delete(follower);
    },
    stop,
    async close() {
      closed = true;
      await stop('the service is stopping');
    },
    followers: () => followers.size,
  };
}
