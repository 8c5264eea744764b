// The site's server following the user service's page changes (GET /page-changes,
// @site/contract/page-changes): while it hears them, a signed-in page may be drawn from answers
// read for the same token before, and the service is asked nothing, for as long as nothing of that
// user changed since. A mark says what has been heard: answers are kept under the mark of the
// moment their read started, and good only while the mark is the same. The mark changes with
// every change of the user's (or of every user's), and with every loss of the stream; while the
// stream is not heard (not connected yet, cut, silent for PAGE_CHANGES_SILENCE_MS) there is no
// mark at all, and every page reads, as it did before any of this.
import { EVERY_USER, PAGE_CHANGES_PING_MS, PAGE_CHANGES_SILENCE_MS, type PageChangeEvent } from '@site/contract/page-changes';
import { createParser } from 'eventsource-parser';
import http from 'node:http';
import https from 'node:https';
import { LRUCache } from 'lru-cache';

export interface PageChanges {
  /**
   * What has been heard of the user under `key` (pageChangeKey of the uid) so far: the same string
   * until something of that user's may have changed; null while the changes are not heard (nothing
   * read may be kept, nothing kept may be used). Starts following on the first call.
   */
  mark(key: string): string | null;
  /** Stops following (the server is stopping; a test's end). */
  close(): void;
}

/** Users whose last change is remembered by itself; the rest share the latest change forgotten (a mark can only move on). */
const REMEMBERED_USERS = 100_000;
/** The first wait before following again after a failure, doubled each time up to the last. */
const RETRY_MS = [1_000, 30_000] as const;

export interface PageChangesOptions {
  /** The user service (its /page-changes). */
  serviceUrl: string;
  /** A fresh signed request for the stream (signPageChangesRequest with the view tokens' secret). */
  signRequest: () => Promise<string>;
  log: (message: string) => void;
  /** Silence after which the stream is taken for lost (PAGE_CHANGES_SILENCE_MS). */
  silenceMs?: number;
  retryMs?: readonly [first: number, last: number];
  /** Users whose last change is remembered by itself (REMEMBERED_USERS). */
  rememberedUsers?: number;
}

export function followPageChanges({
  serviceUrl,
  signRequest,
  log,
  silenceMs = PAGE_CHANGES_SILENCE_MS,
  retryMs = RETRY_MS,
  rememberedUsers = REMEMBERED_USERS,
}: PageChangesOptions): PageChanges {
  const target = new URL('page-changes', serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`);
  const client = target.protocol === 'https:' ? https : http;
  /** Each stream heard (from its `ready`) and each loss moves this on: a mark taken before is then another. */
  let stream = 0;
  /** Each change heard moves this on. */
  let changes = 0;
  let live = false;
  let everyone = 0;
  // A user's last change; a user forgotten (the least recently changed) marks as the latest change forgotten.
  let forgotten = 0;
  const lastChange = new LRUCache<string, number>({ max: rememberedUsers, dispose: (at, _key, reason) => void (reason === 'evict' && (forgotten = Math.max(forgotten, at))) });
  let lastHeardAt = 0;
  let following: http.ClientRequest | null = null;
  let watchdog: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs[0];
  let started = false;
  let closed = false;
  let failures = 0;

  /** Nothing heard from here on: every mark taken until now is another's. */
  function lose(why: string) {
    const wasLive = live;
    live = false;
    stream += 1;
    clearInterval(watchdog);
    following?.destroy();
    following = null;
    if (closed) return;
    failures += 1;
    // Said when a stream heard is lost, and at the first failure to follow; not at every retry.
    if (wasLive || failures === 1) log(`signed-in pages read the user service for every request: its page changes are not followed (${why}); following again in ${nextRetryMs} ms`);
    retry = setTimeout(follow, nextRetryMs);
    retry.unref();
    nextRetryMs = Math.min(nextRetryMs * 2, retryMs[1]);
  }

  function hear(event: string | undefined, data: string) {
    lastHeardAt = performance.now();
    if (event === ('ready' satisfies PageChangeEvent)) {
      live = true;
      stream += 1;
      failures = 0;
      nextRetryMs = retryMs[0];
    } else if (event === ('changed' satisfies PageChangeEvent)) {
      changes += 1;
      if (data === EVERY_USER) everyone = changes;
      else lastChange.set(data, changes);
    }
  }

  async function follow() {
    if (closed) return;
    let authorization: string;
    try {
      authorization = `Bearer ${await signRequest()}`;
    } catch (error) {
      lose(`the request could not be signed: ${(error as Error).message}`);
      return;
    }
    if (closed) return;
    const request = client.request(target, { method: 'GET', headers: { Accept: 'text/event-stream', Authorization: authorization }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        lose(`the service answered HTTP ${response.statusCode}`);
        return;
      }
      const parser = createParser({ onEvent: ({ event, data }) => following === request && hear(event, data) });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => parser.feed(chunk));
      response.on('close', () => following === request && lose('the service ended the stream'));
    });
    following = request;
    request.on('socket', (socket) => socket.unref());
    request.on('error', (error) => following === request && lose(`the service could not be reached: ${(error as Error & { code?: string }).code ?? error.message}`));
    request.end();
    lastHeardAt = performance.now();
    clearInterval(watchdog);
    watchdog = setInterval(
      () => {
        if (performance.now() - lastHeardAt > silenceMs) lose(`nothing heard for ${silenceMs} ms`);
      },
      Math.min(PAGE_CHANGES_PING_MS, silenceMs) / 2,
    );
    watchdog.unref();
  }

  return {
    mark(key) {
      if (!started) {
        started = true;
        void follow();
      }
      if (!live) return null;
      return `${stream}:${Math.max(lastChange.get(key) ?? forgotten, everyone)}`;
    },
    close() {
      closed = true;
      clearTimeout(retry);
      lose('closed');
    },
  };
}
