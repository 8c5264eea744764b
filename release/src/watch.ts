// release watch <remote>: compares the canary with the stable version over a sliding window of the
// shell's beacons (its error rate, and its field speed: p75 LCP and INP, tested for significance
// in speed.ts), and takes a failing canary out of the document (a rollback that removes the canary
// only, with the figures as its reason in the history).
import { HEALTH_WINDOW_MINUTES, SUMMARY_MAX_MINUTES } from '@site/contract/telemetry';
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { figuresText, healthIn, SummaryUnreadable, type Figures } from './health';
import { fisherGreater } from './fisher';
import { slowerText, slowerVital, type SlowerVital } from './speed';
import { CanaryReplaced, rollback, type Changed, type ReleaseContext } from './release';
import { deploymentAt, remoteNamed, UsageError } from './store';

export interface WatchPolicy {
  /** The window of the summary, in minutes (1 to SUMMARY_MAX_MINUTES). */
  minutes: number;
  /** The canary is judged only once it has this many views in the window. */
  minViews: number;
  /** And only once this many networks (a /24 or /48 each) saw each side: below it, nothing changes. */
  minNetworks: number;
  /** Rolled back when its error rate is worse than the stable's by more than this (absolute: 0.05 is 5 points). */
  threshold: number;
  /** Rolled back when its p75 LCP is worse than the stable's by more than this many ms, significantly. */
  lcpThreshold: number;
  /** The same for its p75 INP. */
  inpThreshold: number;
  /** The significance level of the errors' test (fisher.ts) and of the speed test (one-sided, split between its vitals; speed.ts). */
  level: number;
}

/**
 * Ten networks a side by default: each network is one vote, so below ten a single household or
 * office is a tenth of the evidence or more, and Fisher's test on fewer networks can hardly tell a
 * failing canary from chance anyway (five networks of ten with errors against none of ten is p ≈ 0.016).
 */
export const DEFAULT_MIN_NETWORKS = 10;

export const DEFAULT_POLICY: WatchPolicy = {
  minutes: HEALTH_WINDOW_MINUTES,
  minViews: 20,
  minNetworks: DEFAULT_MIN_NETWORKS,
  threshold: 0.05,
  lcpThreshold: 500,
  inpThreshold: 100,
  level: 0.05,
};

/** The vitals a canary is rolled back for (CLS is shown by status, and kept at 0 by the tests). */
const JUDGED = [
  ['lcp', 'lcpThreshold'],
  ['inp', 'inpThreshold'],
] as const;
/** Seconds between two checks of `release watch` without --once. */
export const DEFAULT_INTERVAL_SECONDS = 60;

export type Verdict =
  | { outcome: 'no-canary' }
  /** Too few views of the canary, or too few networks on either side (not enough evidence): nothing changes. */
  | { outcome: 'too-few-views' | 'not-enough-evidence' | 'healthy'; canary: Figures; stable: Figures }
  /**
   * Failing for its errors (with the p-value of their test), for its speed (the vitals it is
   * significantly slower on), for what the site's server saw itself (pages served unrendered), or
   * any of them.
   */
  | { outcome: 'failing'; canary: Figures; stable: Figures; errors: boolean; p: number; slower: SlowerVital[]; server: { p: number } | null };

/** The share of the networks that saw a view which saw an error too. */
const networkErrorRate = ({ networks }: Figures) => (networks.views > 0 ? networks.errors / networks.views : 0);

/** The one-sided p-value that the canary's networks see errors more often than the stable's by chance. */
const errorsP = (stable: Figures, canary: Figures) =>
  fisherGreater(Math.min(canary.networks.errors, canary.networks.views), canary.networks.views, Math.min(stable.networks.errors, stable.networks.views), stable.networks.views);

/**
 * The verdict on the evidence by network, not by event: each network (a /24 or /48) is one vote
 * for a view, one for an error and one for each vital's bucket, so one address or a few cannot
 * outweigh the others. Judged only with at least `minNetworks` networks on each side; failing when
 * the canary's share of networks with errors is worse than the stable's by more than the threshold
 * and significantly (Fisher's exact test at `level`), or its p75 LCP or INP over the networks'
 * buckets is slower (speed.ts).
 */
export function judge(stable: Figures, canary: Figures | null, policy: WatchPolicy): Verdict {
  if (!canary) return { outcome: 'no-canary' };
  // What the site's server saw itself no browser can send: it rolls a canary back on its own, with
  // too few views or networks for the beacons to be judged.
  const server = serverFailing(stable, canary, policy);
  const failingOnServer: Verdict = { outcome: 'failing', canary, stable, errors: false, p: 1, slower: [], server };
  if (canary.views < policy.minViews) return server ? failingOnServer : { outcome: 'too-few-views', canary, stable };
  if (canary.networks.views < policy.minNetworks || stable.networks.views < policy.minNetworks) {
    return server ? failingOnServer : { outcome: 'not-enough-evidence', canary, stable };
  }
  const p = errorsP(stable, canary);
  const errors = networkErrorRate(canary) - networkErrorRate(stable) > policy.threshold && p < policy.level;
  // Two vitals tested: each at half the level, so that the chance of a false rollback stays within it.
  const level = policy.level / JUDGED.length;
  const slower = JUDGED.flatMap(
    ([vital, threshold]) =>
      slowerVital(vital, stable.networks.vitals[vital], canary.networks.vitals[vital], { threshold: policy[threshold], level, minSamples: policy.minNetworks }) ?? [],
  );
  return errors || slower.length > 0 || server ? { outcome: 'failing', canary, stable, errors, p, slower, server } : { outcome: 'healthy', canary, stable };
}

const unrenderedRate = ({ server }: Figures) => (server.pages > 0 ? server.unrendered / server.pages : 0);

/**
 * Whether the site's server served the canary's pages unrendered (its manifest or render entry not
 * fetched or verified, its render failed or timed out) more often than the stable's: by more than
 * the threshold and significantly (Fisher's exact test at `level`), over at least `minViews` of the
 * canary's pages. Each page counted is one given a view token: a few a minute per address.
 */
function serverFailing(stable: Figures, canary: Figures, policy: WatchPolicy): { p: number } | null {
  if (canary.server.pages < policy.minViews) return null;
  if (!(unrenderedRate(canary) - unrenderedRate(stable) > policy.threshold)) return null;
  const p = fisherGreater(canary.server.unrendered, canary.server.pages, stable.server.unrendered, stable.server.pages);
  return p < policy.level ? { p } : null;
}

/** "12 of 20 pages served unrendered by the site's server (60%) vs stable 0 of 25 (0%), p = 0.0001 < 0.05". */
function serverVersus(canary: Figures, stable: Figures, p: number, level: number): string {
  const side = ({ server }: Figures) => `${server.unrendered} of ${server.pages}`;
  return `${side(canary)} pages served unrendered by the site's server (${share(canary.server.unrendered, canary.server.pages)}) vs stable ${side(stable)} (${share(stable.server.unrendered, stable.server.pages)}), p = ${p.toPrecision(2)} < ${level}`;
}

/**
 * Why a failing canary is rolled back, naming each figure that failed it: "canary 1.0.0-x: p75 INP ≈
 * 733 ms vs stable ≈ 75 ms (+658 ms, more than 100 ms; p = 0.0041 < 0.025), over 30 min (0 errors /
 * 4 views (0%) vs stable 0 / 4 (0%))", or the errors' comparison first when they failed it too;
 * the pages the site's server served unrendered after them, or alone when only they failed it.
 */
export function failingText(verdict: Extract<Verdict, { outcome: 'failing' }>, minutes: number, policy: WatchPolicy): string {
  const beacons = verdict.errors || verdict.slower.length > 0 ? beaconsText(verdict, minutes, policy) : null;
  if (!verdict.server) return beacons!;
  const server = serverVersus(verdict.canary, verdict.stable, verdict.server.p, policy.level);
  if (beacons) return `${beacons}; ${server}`;
  return `canary ${verdict.canary.version}: ${server}, over ${minutes} min (${errorsVersus(verdict.canary, verdict.stable)}; ${networksVersus(verdict.canary, verdict.stable)})`;
}

/** The beacons' part of a failing canary's reason: its errors, its speed, or both. */
function beaconsText(verdict: Extract<Verdict, { outcome: 'failing' }>, minutes: number, policy: WatchPolicy): string {
  const errors = comparisonText(verdict.canary, verdict.stable, minutes, `, p = ${verdict.p.toPrecision(2)} < ${policy.level}`);
  if (verdict.slower.length === 0) return errors;
  const speed = verdict.slower.map((slower) => slowerText(slower, policy[slower.vital === 'lcp' ? 'lcpThreshold' : 'inpThreshold'], policy.level / JUDGED.length)).join('; ');
  if (verdict.errors) return `${errors}; ${speed}`;
  return `canary ${verdict.canary.version}: ${speed}, over ${minutes} min (${errorsVersus(verdict.canary, verdict.stable)}; ${networksVersus(verdict.canary, verdict.stable)})`;
}

/** "9 errors / 20 views (45%) vs stable 0 / 25 (0%)". */
function errorsVersus(canary: Figures, stable: Figures): string {
  return `${figuresText(canary)} vs stable ${figuresText(stable).replace(/ errors? \/ (\d+) views?/, ' / $1')}`;
}

const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : 'none');

/** "networks with errors 9 of 20 (45%) vs stable 0 of 25 (0%)". */
function networksVersus(canary: Figures, stable: Figures): string {
  const side = ({ networks }: Figures) => `${networks.errors} of ${networks.views} (${share(networks.errors, networks.views)})`;
  return `networks with errors ${side(canary)} vs stable ${side(stable)}`;
}

/** "canary 1.0.0-x: 9 errors / 20 views (45%) vs stable 0 / 25 (0%); networks with errors 9 of 20 (45%) vs stable 0 of 25 (0%), over 30 min". */
export function comparisonText(canary: Figures, stable: Figures, minutes: number, test = ''): string {
  return `canary ${canary.version}: ${errorsVersus(canary, stable)}; ${networksVersus(canary, stable)}${test}, over ${minutes} min`;
}

export type Check =
  | { remote: RemoteName; outcome: 'no-canary' }
  | { remote: RemoteName; outcome: 'too-few-views' | 'not-enough-evidence' | 'healthy'; canary: Figures; stable: Figures; minutes: number }
  | { remote: RemoteName; outcome: 'rolled-back'; canary: Figures; stable: Figures; minutes: number; reason: string; change: Changed };

/**
 * One check: reads the summary (a SummaryUnreadable error when it cannot), judges the canary in
 * force, and rolls it back when failing. The rollback goes through only while that canary is still
 * the one in force beside the same stable version (a release made meanwhile is not undone).
 */
export async function checkOnce(ctx: ReleaseContext, remoteName: string, policy: WatchPolicy = DEFAULT_POLICY): Promise<Check> {
  const remote = remoteNamed(remoteName);
  const doc = (await ctx.store.read()).document;
  if (!doc) throw new Error('no remotes document in the store yet: nothing to watch (pnpm release init makes the first release)');
  const { manifest, canary } = doc[remote];
  if (!canary) return { remote, outcome: 'no-canary' };
  const versionOf = (url: string) => deploymentAt(ctx.store, url)?.version ?? url;
  const deployments = { stable: versionOf(manifest), canary: versionOf(canary.manifest) };
  const summary = await ctx.summary(policy.minutes, remote);
  const health = healthIn(summary, remote, deployments);
  const verdict = judge(health.stable, health.canary, policy);
  if (verdict.outcome === 'no-canary') return { remote, outcome: 'no-canary' };
  const figures = { canary: verdict.canary, stable: verdict.stable, minutes: summary.minutes };
  if (verdict.outcome !== 'failing') return { remote, outcome: verdict.outcome, ...figures };
  const reason = failingText(verdict, summary.minutes, policy);
  const change = await rollback(ctx, remote, deployments.stable, { reason, ifCanary: deployments.canary });
  return { remote, outcome: 'rolled-back', ...figures, reason, change };
}

/** What `release watch` without --once is given: where each check's outcome goes, and how it waits. */
export interface WatchLoop {
  /** A check made: its outcome. */
  checked: (check: Check) => void;
  /**
   * A check that came to nothing for a reason the next one may not have: the summary could not be
   * read, or the canary it judged was replaced (or removed) meanwhile.
   */
  skipped: (error: SummaryUnreadable | CanaryReplaced) => void;
  /** Waits between two checks (the command: a timer). */
  sleep?: (ms: number) => Promise<unknown>;
  /** Ends the watch before its next check; the command gives none (it watches until its process is stopped). */
  stop?: AbortSignal;
}

const sleepFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `release watch` without --once: a check every interval until stopped. A summary that cannot be
 * read now may be readable at the next check, and a canary released while a check judged the one
 * before is judged at the next; anything else (no document, no such remote) ends the watch.
 */
export async function watchEvery(ctx: ReleaseContext, remoteName: string, policy: WatchPolicy & { intervalSeconds: number }, loop: WatchLoop): Promise<void> {
  const { sleep = sleepFor } = loop;
  while (!loop.stop?.aborted) {
    try {
      loop.checked(await checkOnce(ctx, remoteName, policy));
    } catch (error) {
      if (!(error instanceof SummaryUnreadable || error instanceof CanaryReplaced)) throw error;
      loop.skipped(error);
    }
    await sleep(policy.intervalSeconds * 1000);
  }
}

/** What a check prints. */
export function checkLines(check: Check, policy: WatchPolicy): string[] {
  switch (check.outcome) {
    case 'no-canary':
      return [`${check.remote}: no canary to watch`];
    case 'too-few-views':
      return [
        `${check.remote}: canary ${check.canary.version} has ${check.canary.views} of the ${policy.minViews} views it needs over ${check.minutes} min before it is judged (${comparisonText(check.canary, check.stable, check.minutes)})`,
      ];
    case 'not-enough-evidence':
      return [
        `${check.remote}: not enough evidence: canary ${check.canary.version} seen from ${check.canary.networks.views} networks, stable from ${check.stable.networks.views}; each side needs ${policy.minNetworks} before it is judged, nothing changed (${comparisonText(check.canary, check.stable, check.minutes)})`,
      ];
    case 'healthy':
      return [
        `${check.remote}: healthy, ${comparisonText(check.canary, check.stable, check.minutes)} (rolled back past ${Math.round(policy.threshold * 1000) / 10} points more of its networks with errors, or a p75 LCP ${policy.lcpThreshold} ms or INP ${policy.inpThreshold} ms slower, at p < ${policy.level})`,
      ];
    case 'rolled-back':
      return [`${check.remote}: canary ${check.canary.version} rolled back: ${check.reason}`, `  stable ${check.change.location.manifest}`];
  }
}

/** Reads --window, --min-views, --min-networks, --threshold, --lcp-threshold, --inp-threshold, --significance and --interval; a wrong value is a usage error. */
export function policyFrom(values: {
  window?: string;
  'min-views'?: string;
  'min-networks'?: string;
  threshold?: string;
  'lcp-threshold'?: string;
  'inp-threshold'?: string;
  significance?: string;
  interval?: string;
}): WatchPolicy & { intervalSeconds: number } {
  const whole = (text: string | undefined, name: string, min: number, max: number, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`--${name} is a whole number from ${min} to ${max}, not ${text}`);
    return value;
  };
  const threshold = values.threshold === undefined ? DEFAULT_POLICY.threshold : Number(values.threshold);
  if (!/^\d*\.?\d+$/.test(values.threshold ?? '0') || !(threshold >= 0 && threshold < 1)) {
    throw new UsageError(`--threshold is a share of views from 0 to 1 (0.05: 5 points worse than stable), not ${values.threshold}`);
  }
  const level = values.significance === undefined ? DEFAULT_POLICY.level : Number(values.significance);
  if (!/^\d*\.?\d+$/.test(values.significance ?? '0.05') || !(level > 0 && level < 0.5)) {
    throw new UsageError(`--significance is a level above 0 and below 0.5 (0.05), not ${values.significance}`);
  }
  return {
    minutes: whole(values.window, 'window', 1, SUMMARY_MAX_MINUTES, DEFAULT_POLICY.minutes),
    minViews: whole(values['min-views'], 'min-views', 1, 1_000_000, DEFAULT_POLICY.minViews),
    minNetworks: whole(values['min-networks'], 'min-networks', 1, 1_000_000, DEFAULT_POLICY.minNetworks),
    threshold,
    lcpThreshold: whole(values['lcp-threshold'], 'lcp-threshold', 0, 60_000, DEFAULT_POLICY.lcpThreshold),
    inpThreshold: whole(values['inp-threshold'], 'inp-threshold', 0, 60_000, DEFAULT_POLICY.inpThreshold),
    level,
    intervalSeconds: whole(values.interval, 'interval', 1, 86_400, DEFAULT_INTERVAL_SECONDS),
  };
}
