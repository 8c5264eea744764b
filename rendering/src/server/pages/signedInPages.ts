// A signed-in page drawn whole for the user whose token the service verifies, or a redirect (the
// shell's guards on the service's answers), or null: the page is then served as its loading status.
// How many are under way at once is limited per process; a page drawn is kept for its user's next
// request answered the same.
import { DEFAULT_LOCALE, languageQuery, type Locale } from '@site/shared-ui/locales';
import { freshLoginToken } from '@site/shared-ui/login-token';
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { isServiceReadName, type ServiceReadName } from '@site/shared-ui/service-reads';
import { pageChangeKey } from '@site/contract/page-changes';
import type { SessionUser } from '@site/shared-ui/session-user';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import type { PageModule, ReadAnswers, SignedInRender } from '../../contract';
import type { PageChanges } from '../pageChanges';
import { readForSignedInPage, readsUnderWay, type SignedInReads } from '../signedInReads';
import type { Drawn, PageAnswer, PageRequest, RemoteVersion, Seen } from './pageTypes';
import { TurnMissed, type Renderers } from './renderers';

/**
 * The most signed-in pages under way at a time in one process (their reads, their turn to render,
 * the render): past it, a request gets its loading status at once, without waiting. Renders take
 * turns on the process's thread at 5-10 ms of CPU each (bench/load.mjs), so 32 waiting is a few
 * hundred ms at worst; past that the machine is saturated, and waiting longer would hold every page
 * back. The site's server runs one such process a core (SITE_PROCESSES).
 */
export const MAX_SIGNED_IN_RENDERS = 32;

/**
 * How long a signed-in page drawn for a user is kept for that user's next request (a reload, the
 * same tab again) whose reads the service answers the same: drawn from the same answers, the page
 * is the same but for what it says of time (worked out as of its answers: a trial's days left), so
 * for this long it may say it as of up to a minute before. A change the user made, or a payment,
 * is in the next answers, and a page drawn from other answers is drawn again.
 *
 * The answers themselves are read for every request, unless the server follows the service's page
 * changes (pageChanges.ts): then the answers read for a token are kept for as long (at most this
 * long, and while the token is fresh), and used for that same token's next request while nothing
 * of its user's has changed since their read started. The exact token was verified by the service
 * when they were read; another token, even the same user's, reads afresh.
 */
export const PERSONAL_PAGE_TTL_MS = 60_000;

/** Answers kept for their tokens (a few hundred bytes each), in each process; the least recently used is dropped first. */
const MAX_KEPT_ANSWERS = 20_000;

/** Signed-in pages kept, counted in their HTML's length (about 21 KB a page), in each process; the least recently served is dropped first. */
const MAX_PERSONAL_PAGES_CHARS = 16_000_000;

export interface SignedInPagesOptions {
  /** Where the server reaches the user service; null: nowhere, every signed-in page is its loading status. */
  serviceUrl: string | null;
  readsBudgetMs: number;
  maxSignedInRenders: number;
  /** 0: never kept. */
  personalPageTtlMs: number;
  renderers: Pick<Renderers, 'shellGuards' | 'pageRenderer' | 'render'>;
  versionFor: (remote: RemoteName, request: PageRequest) => Promise<RemoteVersion | null>;
  /** The service's page changes, followed (answers are then kept for their tokens); null: every page reads. */
  pageChanges: PageChanges | null;
  log: (message: string) => void;
}

/** Answers read for a token, with what had been heard of its user's changes as the read started. */
interface KeptAnswers {
  user: SessionUser;
  answers: ReadAnswers;
  markedAt: string;
}

export function signedInPages({ serviceUrl, readsBudgetMs, maxSignedInRenders, personalPageTtlMs, renderers, versionFor, pageChanges, log }: SignedInPagesOptions) {
  const { shellGuards, pageRenderer, render } = renderers;

  /** The reads a page names for the URL's query (`search`), each one the user service has. */
  function readsOf(page: PageModule, remote: RemoteName, module: string, search: string): readonly ServiceReadName[] {
    const reads = page.serverReads?.({ search }) ?? [];
    const unknown = reads.filter((name) => !isServiceReadName(name));
    if (unknown.length > 0) throw new Error(`${remote}'s ${module} names reads the user service does not have: ${unknown.join(', ')}`);
    return reads;
  }

  /** The guards' and the page's reads: their answers, or null (said in the log when the service failed). */
  function finish(pathname: string, outcome: SignedInReads) {
    if (outcome.outcome === 'unavailable') log(`${pathname} is served as its loading status: ${outcome.why}`);
    return outcome.outcome === 'answered' ? { user: outcome.user, answers: outcome.answers } : null;
  }

  let signedInRenders = 0;

  /**
   * Signed-in pages drawn, each under what it was drawn from: the version and page of the code, the
   * address, the language, and the session (the user and the service's answers). The same key is
   * the same page: a user's other answers, or another user, are another key. Kept in memory only
   * (PERSONAL_PAGE_TTL_MS), never in a shared cache; the key is a digest, not the user's data.
   */
  const personalPages =
    personalPageTtlMs > 0 ? new LRUCache<string, Drawn>({ maxSize: MAX_PERSONAL_PAGES_CHARS, sizeCalculation: ({ html }) => html.length, ttl: personalPageTtlMs }) : null;
  const personalKey = (version: RemoteVersion, module: string, location: string, locale: Locale, session: SignedInRender) =>
    createHash('sha256')
      .update(JSON.stringify([version.manifestUrl, version.entryUrl, version.entryIntegrity, module, location, locale, session]))
      .digest('base64url');

  /**
   * Answers read for a token, under a digest of the reads and the token (the token's own, verified
   * by the service as they were read: nothing here takes another's token for it). Kept only while
   * the page changes are followed, and used only while the mark of their read holds.
   */
  const keptAnswers = pageChanges && personalPageTtlMs > 0 ? new LRUCache<string, KeptAnswers>({ max: MAX_KEPT_ANSWERS, ttl: personalPageTtlMs }) : null;
  const answersKey = (reads: readonly ServiceReadName[], token: string, answersChanged: string | null) =>
    createHash('sha256')
      .update(JSON.stringify([[...new Set(reads)].sort(), token, answersChanged]))
      .digest('base64url');

  /**
   * A signed-in page drawn whole, or a redirect, for the user whose token the service verifies; null
   * when it cannot be (a token that cannot be valid, too many such renders under way, no render
   * entry, the service refused the token or did not answer in time): the page is then its loading
   * status, as the browser's first render draws it. The guards' reads (the token's check among them)
   * and the page's own are asked for together, once the page's code is ready and has named its own.
   */
  return async function signedInPage(request: PageRequest, token: string, remote: RemoteName, module: string, seen: Seen): Promise<PageAnswer | null> {
    const { pathname, search } = request.url;
    const login = freshLoginToken(token);
    if (serviceUrl === null || login === null) return null;
    // What has been heard of this user's changes, when they are followed.
    const userKey = keptAnswers ? pageChangeKey(login.user.uid) : null;
    const mark = pageChanges && userKey !== null ? () => pageChanges.mark(userKey) : undefined;
    // What counts against the limit is what costs: a read of the service's of its own, and a
    // render. A page whose reads are already under way for its user (another tab, a reload) waits
    // for them uncounted; if it then has to be drawn (none kept for its user answers the same), it
    // counts from then on.
    let counted = false;
    const count = (): boolean => {
      if (counted) return true;
      if (signedInRenders >= maxSignedInRenders) {
        log(`${pathname} is served as its loading status: ${maxSignedInRenders} signed-in pages are being drawn already`);
        return false;
      }
      signedInRenders += 1;
      counted = true;
      return true;
    };
    try {
      const reading = (reads: readonly ServiceReadName[]) => ({
        token,
        reads,
        serviceUrl: serviceUrl as string,
        budgetMs: readsBudgetMs,
        mark,
        answersChanged: request.answersChanged ?? null,
      });
      const read = (reads: readonly ServiceReadName[]) => (readsUnderWay(reading(reads)) || count() ? readForSignedInPage(reading(reads)) : null);
      const { guardReads, guardRedirect } = await shellGuards();
      const version = await versionFor(remote, request);
      // The remote's version cannot be had (its manifest or render entry): the server saw it fail,
      // and the page is its loading status (the guards' reads say, in the log, whether the service
      // would have answered).
      if (!version) {
        seen('drawing');
        seen('unrendered', 'manifest');
        const reads = read(guardReads(pathname));
        if (reads) finish(pathname, await reads);
        return null;
      }
      // What the server sees of the remote's version from here (a refused token or a service that
      // failed is nobody's version's doing: nothing is said of it): its code loaded and its page
      // drawn, or its code failing, or its turn to render missed (told as still drawing: a timeout).
      let drawingSaid = false;
      const drawing = () => {
        if (!drawingSaid) seen('drawing');
        drawingSaid = true;
      };
      try {
        const { renderer, page } = await pageRenderer(version, remote, module, request.deadline);
        // The guards' reads (the token's check among them) and the page's own for its URL, asked
        // for at once once the page has named them (its code is kept after a version's first
        // render): the account's reads go in one request (signedInReads.ts).
        const names = [...guardReads(pathname), ...readsOf(page, remote, module, search)];
        // Under the browser's note of its own last change too: its next page after one reads afresh.
        const keptKey = keptAnswers && answersKey(names, token, request.answersChanged ?? null);
        const kept = keptKey ? keptAnswers?.get(keptKey) : undefined;
        let outcome: { user: SessionUser; answers: ReadAnswers } | null = kept && kept.markedAt === mark?.() ? kept : null;
        if (!outcome) {
          const reads = read(names);
          if (!reads) return null;
          const answered = await reads;
          outcome = finish(pathname, answered);
          if (!outcome) return null;
          // Kept only when nothing of the user's changed while it was read (nor was the stream lost).
          if (keptKey && answered.outcome === 'answered' && answered.markedAt !== null && answered.markedAt === mark?.()) {
            keptAnswers?.set(keptKey, { user: outcome.user, answers: outcome.answers, markedAt: answered.markedAt });
          }
        }
        drawing();
        const redirect = guardRedirect(pathname, outcome.answers);
        if (redirect) {
          seen('drawn');
          // The address's language goes along (/account?lang=en to /account-pricing?lang=en).
          return { redirect: `${redirect}${languageQuery(search)}` };
        }
        const session: SignedInRender = { user: outcome.user, answers: outcome.answers };
        const location = `${pathname}${search}`;
        const locale = request.locale ?? DEFAULT_LOCALE;
        const key = personalPages && personalKey(version, module, location, locale, session);
        let drawn = key ? personalPages?.get(key) : undefined;
        if (drawn === undefined) {
          if (!count()) return null;
          drawn = await render(renderer, location, page, version.manifestUrl, { session, locale }, request.deadline);
          if (key) personalPages?.set(key, drawn);
        }
        seen('drawn');
        return { ...drawn, drawn: 'page', personal: true };
      } catch (error) {
        drawing();
        if (!(error instanceof TurnMissed)) seen('unrendered', 'render');
        throw error;
      }
    } finally {
      if (counted) signedInRenders -= 1;
    }
  };
}
