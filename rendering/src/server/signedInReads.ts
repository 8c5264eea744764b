// What a signed-in page's server render reads from the user service: the reads its guards and its
// first render show, made server to server with the visitor's ID token as the browser would make
// them (`Authorization: Bearer`: the service stays the one that verifies it, and never reads
// cookies), all at once under one time budget. Only a page whose every read was answered is drawn
// whole; any other outcome leaves the page to the browser (its loading status).
import { readLoginToken } from '@site/shared-ui/login-token';
import type { SessionUser } from '@site/shared-ui/session-user';
import { SERVICE_READS, type ServiceReadName } from '@site/shared-ui/service-reads';
import { createUserServiceClient, type UserServiceClient } from '@site/shared-ui/user-service';
import { isPageRead, type PageReadName } from '@site/contract/page-reads';
import type { ReadAnswers } from '../contract';
import { serviceFetchAsFetch } from './serviceFetch';

/**
 * How long the server waits for the service's answers to a signed-in page's reads before it serves
 * the page as its loading status (the browser then reads them itself). The page's render waits for
 * its turn besides (renders take turns, within the site's server's PAGE_WAIT_MS).
 */
export const SIGNED_IN_READS_BUDGET_MS = 300;

export type SignedInReads =
  /**
   * Every read answered: the user whose token the service verified, and its answers; and the
   * reading's `mark` as the read started (before it was asked: the answers are as of then or later).
   */
  | { outcome: 'answered'; user: SessionUser; answers: ReadAnswers; markedAt: string | null }
  /** The service refused the token (expired, invalid, another project's, a deleted account): the browser's session decides. */
  | { outcome: 'refused'; status: number }
  /** The service did not answer in time, could not be reached, or failed: why, for the log (nothing of the user). */
  | { outcome: 'unavailable'; why: string };

/** A refusal of the token itself (the browser's session then signs in afresh or ends), as opposed to the service failing. */
const refusesToken = (status: number) => status === 401 || status === 403 || status === 410;

type ReadResult = { name: ServiceReadName; status: number; data?: unknown };

// Every read POST /page-reads answers is one the pages may ask for (shared-ui's list).
const pageReadsAreServiceReads: PageReadName extends ServiceReadName ? true : never = true;
void pageReadsAreServiceReads;

/** Reads asked for together: each answered as its own route would, or each with the request's refusal. */
async function readTogether(client: UserServiceClient, names: PageReadName[], signal: AbortSignal): Promise<ReadResult[]> {
  const response = await client['page-reads'].$post({ json: { reads: names } }, { init: { signal } });
  if (!response.ok) return names.map((name) => ({ name, status: response.status }));
  const answers: Record<string, unknown> = await response.json();
  return names.map((name) => (answers[name] === undefined ? { name, status: response.status } : { name, status: response.status, data: answers[name] }));
}

/**
 * Reads under way in this process, by service, budget, reads and token. A page asked for while the
 * same reads of the same token are being read takes their answers instead of asking again: they
 * are what the service answers now, read after the request came or a moment before it. Nothing is
 * kept once they are answered: the next page reads afresh. A user's pages asked for at once (a
 * reload, several tabs) thus cost the service one read; a service slow under load, fewer reads the
 * slower it is, instead of a queue longer than the budget.
 */
const underWay = new Map<string, Promise<SignedInReads>>();

/** What a signed-in page reads: the reads, with the visitor's token, of the service at `serviceUrl`, within `budgetMs`. */
export interface SignedInReading {
  token: string;
  reads: readonly ServiceReadName[];
  serviceUrl: string;
  budgetMs?: number;
  /** What has been heard of the user's changes (pageChanges.ts), taken as the read starts and answered with it. */
  mark?: () => string | null;
  /** The browser's note of its own last change: a page asked for after another change does not take the answers of a read started before it. */
  answersChanged?: string | null;
}

/** A reading's reads, each once, in one order; and what tells it from any other reading under way. */
function readingOf({ token, reads, serviceUrl, budgetMs = SIGNED_IN_READS_BUDGET_MS, answersChanged = null, mark }: SignedInReading) {
  const names = [...new Set(reads)].sort();
  // A page asked for once a change of its user's was heard takes no read started before it.
  return { names, budgetMs, key: `${serviceUrl} ${budgetMs} ${names.join(',')} ${answersChanged ?? ''} ${mark?.() ?? ''} ${token}` };
}

/** Whether these reads are under way already (a page asking for them now would take their answers, asking the service nothing). */
export const readsUnderWay = (reading: SignedInReading): boolean => underWay.has(readingOf(reading).key);

export function readForSignedInPage(reading: SignedInReading): Promise<SignedInReads> {
  const { names, budgetMs, key } = readingOf(reading);
  const { token, serviceUrl, mark } = reading;
  const joined = underWay.get(key);
  if (joined) return joined;
  const answers = readNow(token, names, serviceUrl, budgetMs, mark?.() ?? null).finally(() => underWay.delete(key));
  underWay.set(key, answers);
  return answers;
}

async function readNow(token: string, names: ServiceReadName[], serviceUrl: string, budgetMs: number, markedAt: string | null): Promise<SignedInReads> {
  const client = createUserServiceClient(async () => token, { baseUrl: serviceUrl, fetch: serviceFetchAsFetch });
  const deadline = AbortSignal.timeout(budgetMs);
  // Two or more of the account's reads go in one request (POST /page-reads); any other read alone.
  const together = names.filter(isPageRead);
  const alone = together.length > 1 ? names.filter((name) => !isPageRead(name)) : names;
  let results: ReadResult[];
  try {
    results = (
      await Promise.all([
        ...(together.length > 1 ? [readTogether(client, together, deadline)] : []),
        ...alone.map(async (name): Promise<ReadResult[]> => {
          const response = await SERVICE_READS[name](client, { signal: deadline });
          return [response.ok ? { name, status: response.status, data: await response.json() } : { name, status: response.status }];
        }),
      ])
    ).flat();
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error & { code?: string }).code ?? (error as Error).name;
    return { outcome: 'unavailable', why: deadline.aborted ? `no answer within ${budgetMs} ms` : `the user service could not be reached (${cause})` };
  }
  const refusal = results.find((result) => refusesToken(result.status));
  if (refusal) return { outcome: 'refused', status: refusal.status };
  const failure = results.find((result) => result.data === undefined);
  if (failure) return { outcome: 'unavailable', why: `${failure.name} answered HTTP ${failure.status}` };
  // Whose the token is, from its claims (decoded: the service has just verified it, answering with it).
  const login = readLoginToken(token);
  if (!login) return { outcome: 'refused', status: 401 };
  return { outcome: 'answered', user: login.user, answers: Object.fromEntries(results.map(({ name, data }) => [name, data])), markedAt };
}
