// release watch <remote>: compares the canary's error rate with the stable version's over a sliding
// window of the shell's beacons, and takes a failing canary out of the document (a rollback that
// removes the canary only, with the figures as its reason in the history).
import type { RemoteName } from '@site/shared-ui/remotes-document';
import { readDocument } from './document';
import { figuresText, healthIn, SummaryUnreadable, type Figures } from './health';
import { CanaryReplaced, rollback, type Changed, type ReleaseContext } from './release';
import { deploymentAt, remoteNamed, UsageError } from './store';

export interface WatchPolicy {
  /** The window of the summary, in minutes (1–1440). */
  minutes: number;
  /** The canary is judged only once it has this many views in the window. */
  minViews: number;
  /** Rolled back when its error rate is worse than the stable's by more than this (absolute: 0.05 is 5 points). */
  threshold: number;
}

export const DEFAULT_POLICY: WatchPolicy = { minutes: 30, minViews: 20, threshold: 0.05 };
/** Seconds between two checks of `release watch` without --once. */
export const DEFAULT_INTERVAL_SECONDS = 60;

export type Verdict = { outcome: 'no-canary' } | { outcome: 'too-few-views' | 'healthy' | 'failing'; canary: Figures; stable: Figures };

/** Errors per view; a deployment with errors and no view at all is failing outright. */
const errorRate = ({ errors, views }: Figures) => (views > 0 ? errors / views : errors > 0 ? Infinity : 0);

export function judge(stable: Figures, canary: Figures | null, policy: WatchPolicy): Verdict {
  if (!canary) return { outcome: 'no-canary' };
  if (canary.views < policy.minViews) return { outcome: 'too-few-views', canary, stable };
  return { outcome: errorRate(canary) - errorRate(stable) > policy.threshold ? 'failing' : 'healthy', canary, stable };
}

/** "canary 1.0.0-x: 9 errors / 20 views (45%) vs stable 0 / 25 (0%), over 30 min". */
export function comparisonText(canary: Figures, stable: Figures, minutes: number): string {
  const stableText = figuresText(stable).replace(/ errors? \/ (\d+) views?/, ' / $1');
  return `canary ${canary.version}: ${figuresText(canary)} vs stable ${stableText}, over ${minutes} min`;
}

export type Check =
  | { remote: RemoteName; outcome: 'no-canary' }
  | { remote: RemoteName; outcome: 'too-few-views' | 'healthy'; canary: Figures; stable: Figures; minutes: number }
  | { remote: RemoteName; outcome: 'rolled-back'; canary: Figures; stable: Figures; minutes: number; reason: string; change: Changed };

/**
 * One check: reads the summary (a SummaryUnreadable error when it cannot), judges the canary in
 * force, and rolls it back when failing. The rollback goes through only while that canary is still
 * the one in force beside the same stable version (a release made meanwhile is not undone).
 */
export async function checkOnce(ctx: ReleaseContext, remoteName: string, policy: WatchPolicy = DEFAULT_POLICY): Promise<Check> {
  const remote = remoteNamed(remoteName);
  const doc = readDocument(ctx.store);
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
  const reason = comparisonText(verdict.canary, verdict.stable, summary.minutes);
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
    case 'healthy':
      return [`${check.remote}: healthy, ${comparisonText(check.canary, check.stable, check.minutes)} (rolled back past ${Math.round(policy.threshold * 1000) / 10} points worse)`];
    case 'rolled-back':
      return [`${check.remote}: canary ${check.canary.version} rolled back: ${check.reason}`, `  stable ${check.change.location.manifest}`];
  }
}

/** Reads --window, --min-views, --threshold and --interval; a wrong value is a usage error. */
export function policyFrom(values: { window?: string; 'min-views'?: string; threshold?: string; interval?: string }): WatchPolicy & { intervalSeconds: number } {
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
  return {
    minutes: whole(values.window, 'window', 1, 1440, DEFAULT_POLICY.minutes),
    minViews: whole(values['min-views'], 'min-views', 1, 1_000_000, DEFAULT_POLICY.minViews),
    threshold,
    intervalSeconds: whole(values.interval, 'interval', 1, 86_400, DEFAULT_INTERVAL_SECONDS),
  };
}
