import type { TelemetrySummary } from '@site/service-user';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readDocument } from './document';
import { fakeSite, recorded, type FakeSite } from './fixtures/fakeSite';
import { healthLines, serviceSummary, summaryHealth, SummaryUnreadable } from './health';
import { NO_VITALS, type VitalHistograms } from './speed';
import { readHistory } from './history';
import { canary, init, publish, status } from './release';
import { repoRoot, UsageError } from './store';
import { checkOnce, DEFAULT_POLICY, judge, policyFrom, watchEvery, type Check } from './watch';

jest.setTimeout(60_000);

type Row = TelemetrySummary['deployments'][number];
/** A deployment's row; unless given, each view came from a network of its own (so each error and each vital sample too). */
const row = (
  version: string,
  cohort: 'stable' | 'canary',
  views: number,
  errors: Partial<Pick<Row, 'loadFailures' | 'renderErrors' | 'hydrationErrors' | 'vitals' | 'networks' | 'server'>> = {},
): Row => {
  const vitals = errors.vitals ?? { lcp: [...NO_VITALS.lcp], inp: [...NO_VITALS.inp], cls: [...NO_VITALS.cls] };
  const failed = Math.min(views, (errors.loadFailures ?? 0) + (errors.renderErrors ?? 0) + (errors.hydrationErrors ?? 0));
  return {
    remote: 'mfe_account',
    version,
    cohort,
    views,
    loadFailures: 0,
    renderErrors: 0,
    hydrationErrors: 0,
    vitals,
    networks: { views, errors: failed, vitals: { lcp: [...vitals.lcp], inp: [...vitals.inp], cls: [...vitals.cls] } },
    server: { pages: 0, unrendered: 0 },
    ...errors,
  };
};

/** Histograms with `counts` samples in the given buckets (bucket → samples) of one vital. */
const vitalsWith = (vital: 'lcp' | 'inp', counts: Record<number, number>): VitalHistograms => ({
  ...NO_VITALS,
  [vital]: NO_VITALS[vital].map((_, bucket) => counts[bucket] ?? 0),
});

let site: FakeSite;
let stable: string;
let candidate: string;
/** What the fake user service answers, and what it was asked. */
let answer: TelemetrySummary;
let asked: { minutes: number; remote?: string }[];

beforeEach(async () => {
  site = fakeSite();
  await init(site.ctx);
  stable = readHistory(site.ctx.store).find((entry) => entry.verb === 'init' && entry.remote === 'mfe_account')!.to!;
  candidate = (await publish(site.ctx, 'mfe_account', { from: site.build('mfe_account', { content: 'v2', dir: join(site.root, 'account-v2') }) })).version;
  await canary(site.ctx, 'mfe_account', candidate, '50');
  answer = { minutes: 30, deployments: [] };
  asked = [];
  site.ctx.summary = async (minutes, remote) => {
    asked.push({ minutes, remote });
    return answer;
  };
});
afterEach(() => site.remove());

/**
 * The next read of the summary first puts a newer version in mfe_account's canary (another
 * release, made while a check judges), then answers figures that condemn the canary it replaced.
 */
async function replaceCanaryWhileJudged(): Promise<string> {
  const other = (await publish(site.ctx, 'mfe_account', { from: site.build('mfe_account', { content: 'v3', dir: join(site.root, 'account-v3') }) })).version;
  const read = site.ctx.summary;
  site.ctx.summary = async (minutes, remote) => {
    site.ctx.summary = read;
    await canary(site.ctx, 'mfe_account', other, '10');
    answer.deployments = [row(stable, 'stable', 25), row(candidate, 'canary', 20, { renderErrors: 20 })];
    return read(minutes, remote);
  };
  return other;
}

describe('release watch, one check', () => {
  it('rolls back a canary whose error rate is worse than the stable one by more than the threshold, with the figures as the reason', async () => {
    answer.deployments = [
      row(stable, 'stable', 25),
      row(candidate, 'canary', 20, { renderErrors: 7, loadFailures: 1, hydrationErrors: 1 }),
      row('1.0.0-0123456789ab', 'canary', 500),
    ];
    const check = await checkOnce(site.ctx, 'mfe-account');
    expect(check.outcome).toBe('rolled-back');
    const reason = `canary ${candidate}: 9 errors / 20 views (45%) vs stable 0 / 25 (0%); networks with errors 9 of 20 (45%) vs stable 0 of 25 (0%), p = 0.00019 < 0.05, over 30 min`;
    expect(check).toMatchObject({ reason });
    expect(asked).toEqual([{ minutes: 30, remote: 'mfe_account' }]);

    expect(readDocument(site.ctx.store)!.mfe_account).toEqual(recorded(`http://cdn.test/mfe-account/${stable}/mf-manifest.json`));
    expect(readHistory(site.ctx.store).at(-1)).toMatchObject({ verb: 'rollback', remote: 'mfe_account', from: stable, to: stable, reason });
  });

  it("rolls back a canary the site's server served unrendered, on that alone, naming the figures", async () => {
    answer.deployments = [row(stable, 'stable', 2, { server: { pages: 25, unrendered: 0 } }), row(candidate, 'canary', 1, { server: { pages: 20, unrendered: 9 } })];
    const check = await checkOnce(site.ctx, 'mfe_account');
    const reason = `canary ${candidate}: 9 of 20 pages served unrendered by the site's server (45%) vs stable 0 of 25 (0%), p = 0.00019 < 0.05, over 30 min (0 errors / 1 view (0%) vs stable 0 / 2 (0%); networks with errors 0 of 1 (0%) vs stable 0 of 2 (0%))`;
    expect(check).toMatchObject({ outcome: 'rolled-back', reason });
    // With the beacons failing it too, both are named.
    await canary(site.ctx, 'mfe_account', candidate, '50');
    answer.deployments = [
      row(stable, 'stable', 25, { server: { pages: 25, unrendered: 0 } }),
      row(candidate, 'canary', 20, { renderErrors: 9, server: { pages: 20, unrendered: 9 } }),
    ];
    expect(await checkOnce(site.ctx, 'mfe_account')).toMatchObject({
      reason: `canary ${candidate}: 9 errors / 20 views (45%) vs stable 0 / 25 (0%); networks with errors 9 of 20 (45%) vs stable 0 of 25 (0%), p = 0.00019 < 0.05, over 30 min; 9 of 20 pages served unrendered by the site's server (45%) vs stable 0 of 25 (0%), p = 0.00019 < 0.05`,
    });
  });

  it('leaves a canary alone while it has fewer views than the minimum, however it fails', async () => {
    answer.deployments = [row(stable, 'stable', 100), row(candidate, 'canary', 19, { renderErrors: 19 })];
    expect(await checkOnce(site.ctx, 'mfe_account')).toMatchObject({ outcome: 'too-few-views', canary: { views: 19, errors: 19 } });
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toBeDefined();
    // The same figures with a lower minimum are judged.
    expect(await checkOnce(site.ctx, 'mfe_account', { ...DEFAULT_POLICY, minViews: 10 })).toMatchObject({ outcome: 'rolled-back' });
  });

  it('keeps a canary that is no worse than the stable one by more than the threshold', async () => {
    answer.deployments = [row(stable, 'stable', 10_000, { renderErrors: 1000 }), row(candidate, 'canary', 10_000, { loadFailures: 1450 })];
    expect(await checkOnce(site.ctx, 'mfe_account')).toMatchObject({ outcome: 'healthy', canary: { errors: 1450, views: 10_000 }, stable: { errors: 1000, views: 10_000 } });
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toBeDefined();
    expect(await checkOnce(site.ctx, 'mfe_account', { ...DEFAULT_POLICY, threshold: 0.03 })).toMatchObject({ outcome: 'rolled-back' });
  });

  it('says so when the remote has no canary, without reading the summary', async () => {
    expect(await checkOnce(site.ctx, 'mfe_auth')).toEqual({ remote: 'mfe_auth', outcome: 'no-canary' });
    expect(asked).toEqual([]);
  });

  it('asks for the window it is given', async () => {
    await checkOnce(site.ctx, 'mfe_account', { ...DEFAULT_POLICY, minutes: 120 });
    expect(asked).toEqual([{ minutes: 120, remote: 'mfe_account' }]);
  });

  it('undoes nothing when the canary it judged was replaced meanwhile', async () => {
    // While the check reads the summary, another release puts a newer version in the canary; the
    // figures it reads condemn the one it judged.
    const other = await replaceCanaryWhileJudged();
    await expect(checkOnce(site.ctx, 'mfe_account')).rejects.toThrow(`canary is no longer ${candidate}`);
    expect(readDocument(site.ctx.store)!.mfe_account).toEqual({
      ...recorded(`http://cdn.test/mfe-account/${stable}/mf-manifest.json`),
      canary: { ...recorded(`http://cdn.test/mfe-account/${other}/mf-manifest.json`), percentage: 10 },
    });
    expect(readHistory(site.ctx.store).at(-1)).toMatchObject({ verb: 'canary', remote: 'mfe_account', to: other, percentage: 10 });
  });
});

describe('release watch, every interval', () => {
  /**
   * A watch of a remote (mfe_account) every 60 s whose waits are held until the test ends them: `next(n)` is
   * 'asleep' once the watch has begun its nth wait, 'ended' if it ends first (rejected if it fails).
   */
  const watch = (remote = 'mfe_account') => {
    const waits: { ms: number; end: () => void }[] = [];
    const waiting: { n: number; resolve: () => void }[] = [];
    const sleep = (ms: number) =>
      new Promise<void>((end) => {
        waits.push({ ms, end });
        for (const waiter of waiting.filter(({ n }) => n <= waits.length)) waiter.resolve();
      });
    const stop = new AbortController();
    const checks: Check[] = [];
    const skipped: Error[] = [];
    const watching = watchEvery(
      site.ctx,
      remote,
      { ...DEFAULT_POLICY, intervalSeconds: 60 },
      { checked: (check) => checks.push(check), skipped: (error) => skipped.push(error), sleep, stop: stop.signal },
    );
    const asleep = (n: number) => new Promise<'asleep'>((resolve) => (waits.length >= n ? resolve('asleep') : waiting.push({ n, resolve: () => resolve('asleep') })));
    const next = (n: number) => Promise.race([asleep(n), watching.then(() => 'ended' as const)]);
    return { waits, next, stop: () => stop.abort(), checks, skipped };
  };

  it('checks once, then waits the interval before the next check, until it is stopped', async () => {
    answer.deployments = [row(stable, 'stable', 100), row(candidate, 'canary', 50)];
    const watcher = watch();
    expect(await watcher.next(1)).toBe('asleep');
    expect(asked).toHaveLength(1);
    expect(watcher.waits.map(({ ms }) => ms)).toEqual([60_000]);

    watcher.waits[0]!.end();
    expect(await watcher.next(2)).toBe('asleep');
    expect(asked).toHaveLength(2);
    expect(watcher.checks.map((check) => check.outcome)).toEqual(['healthy', 'healthy']);

    watcher.stop();
    watcher.waits[1]!.end();
    expect(await watcher.next(3)).toBe('ended');
    expect(asked).toHaveLength(2);
  });

  it('goes on when the summary cannot be read, and rolls a failing canary back at a later check', async () => {
    const read = site.ctx.summary;
    site.ctx.summary = async () => {
      site.ctx.summary = read;
      throw new SummaryUnreadable('the health summary answered HTTP 503');
    };
    answer.deployments = [row(stable, 'stable', 25), row(candidate, 'canary', 20, { renderErrors: 20 })];
    const watcher = watch();
    expect(await watcher.next(1)).toBe('asleep');
    expect(watcher.skipped.map((error) => error.message)).toEqual(['the health summary answered HTTP 503']);
    expect(watcher.checks).toEqual([]);

    watcher.waits[0]!.end();
    expect(await watcher.next(2)).toBe('asleep');
    expect(watcher.checks).toMatchObject([{ outcome: 'rolled-back', canary: { version: candidate } }]);
    watcher.waits[1]!.end();
    expect(await watcher.next(3)).toBe('asleep');
    expect(watcher.checks.at(-1)).toEqual({ remote: 'mfe_account', outcome: 'no-canary' });

    watcher.stop();
    watcher.waits[2]!.end();
    expect(await watcher.next(4)).toBe('ended');
  });

  it('leaves the canary that replaced the one it judged in force, and judges it at the next check', async () => {
    const other = await replaceCanaryWhileJudged();
    const watcher = watch();
    expect(await watcher.next(1)).toBe('asleep');
    expect(watcher.checks).toEqual([]);
    expect(watcher.skipped.map((error) => error.message)).toEqual([expect.stringContaining(`canary is no longer ${candidate}`)]);
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toEqual({ ...recorded(`http://cdn.test/mfe-account/${other}/mf-manifest.json`), percentage: 10 });

    answer.deployments = [row(stable, 'stable', 25), row(other, 'canary', 20)];
    watcher.waits[0]!.end();
    expect(await watcher.next(2)).toBe('asleep');
    expect(watcher.checks).toMatchObject([{ outcome: 'healthy', canary: { version: other } }]);
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toBeDefined();

    watcher.stop();
    watcher.waits[1]!.end();
    expect(await watcher.next(3)).toBe('ended');
  });

  it('ends, without waiting, on what no later check can mend: a remote the site does not have', async () => {
    const watcher = watch('mfe_nothing');
    await expect(watcher.next(1)).rejects.toThrow(UsageError);
    expect(watcher.waits).toEqual([]);
  });
});

describe('the judgement', () => {
  /** A deployment's figures; unless given, each view came from a network of its own. */
  const figures = (views: number, errors: number, vitals: VitalHistograms = NO_VITALS, networks = { views, errors, vitals }, server = { pages: 0, unrendered: 0 }) => ({
    version: 'v',
    views,
    errors,
    loadFailures: errors,
    renderErrors: 0,
    hydrationErrors: 0,
    vitals,
    networks,
    server,
  });
  it('compares the shares of networks with errors in absolute points, and rolls back only when the difference is significant', () => {
    expect(judge(figures(1000, 100), figures(1000, 150), DEFAULT_POLICY).outcome).toBe('healthy');
    expect(judge(figures(1000, 100), figures(1000, 160), DEFAULT_POLICY)).toMatchObject({ outcome: 'failing', errors: true });
    // Six points worse, on a hundred networks a side: within chance (one-sided p ≈ 0.13).
    expect(judge(figures(100, 10), figures(100, 16), DEFAULT_POLICY).outcome).toBe('healthy');
    expect(judge(figures(20, 0), figures(20, 6), DEFAULT_POLICY)).toMatchObject({ outcome: 'failing', p: expect.closeTo(0.01, 2) });
  });

  it('judges networks, not events: many views or errors from one network are one vote', () => {
    // 25 views from 25 networks a side, none failing; then one network's beacon adds three errors to the canary.
    const one = (views: number, errors: number, networks: { views: number; errors: number }) => figures(views, errors, NO_VITALS, { ...networks, vitals: NO_VITALS });
    expect(judge(one(25, 0, { views: 25, errors: 0 }), one(26, 3, { views: 26, errors: 1 }), DEFAULT_POLICY).outcome).toBe('healthy');
    // 9 networks of 25 failing in the canary: 240 views from two more networks do not dilute it.
    expect(judge(one(25, 0, { views: 25, errors: 0 }), one(265, 9, { views: 27, errors: 9 }), DEFAULT_POLICY).outcome).toBe('failing');
  });

  it("rolls a canary back on what the site's server saw alone: more of its pages served unrendered than the stable's, significantly", () => {
    const server = (pages: number, unrendered: number) => ({ pages, unrendered });
    const quiet = (views: number, pages: number, unrendered: number) => figures(views, 0, NO_VITALS, { views: 1, errors: 0, vitals: NO_VITALS }, server(pages, unrendered));
    // No beacon evidence (one network, few views), no error: the server's own signals are enough.
    expect(judge(quiet(3, 25, 0), quiet(3, 20, 9), DEFAULT_POLICY)).toMatchObject({ outcome: 'failing', errors: false, slower: [], server: { p: expect.any(Number) } });
    // Not with fewer of the canary's pages than --min-views, nor within the threshold, nor by chance.
    expect(judge(quiet(3, 25, 0), quiet(3, 19, 19), DEFAULT_POLICY).outcome).toBe('too-few-views');
    expect(judge(quiet(30, 1000, 100), quiet(30, 1000, 150), DEFAULT_POLICY).outcome).toBe('not-enough-evidence');
    expect(judge(quiet(30, 100, 10), quiet(30, 100, 16), DEFAULT_POLICY).outcome).toBe('not-enough-evidence');
    // The stable's own failures count against it: as bad as the stable is no reason.
    expect(judge(quiet(3, 25, 9), quiet(3, 25, 9), DEFAULT_POLICY).outcome).toBe('too-few-views');
  });

  it('says there is not enough evidence, and changes nothing, with fewer than --min-networks networks on either side', () => {
    const few = (views: number, errors: number, networks: number) => figures(views, errors, NO_VITALS, { views: networks, errors: Math.min(errors, networks), vitals: NO_VITALS });
    expect(judge(few(25, 0, 25), few(25, 25, 9), DEFAULT_POLICY).outcome).toBe('not-enough-evidence');
    expect(judge(few(25, 0, 9), few(25, 25, 25), DEFAULT_POLICY).outcome).toBe('not-enough-evidence');
    expect(judge(few(25, 0, 10), few(25, 25, 10), DEFAULT_POLICY).outcome).toBe('failing');
    expect(judge(few(25, 0, 9), few(25, 25, 9), { ...DEFAULT_POLICY, minNetworks: 9 }).outcome).toBe('failing');
  });

  // INP buckets (VITAL_BUCKETS.inp): 3 is 50–75 ms, 4 is 75–100 ms, 5 is 100–150 ms, 12 is 600–800 ms.
  it('rolls a canary back for its p75 INP alone: slower by more than the threshold, and significantly', () => {
    const stable = figures(40, 0, vitalsWith('inp', { 3: 30, 4: 10 }));
    const slow = figures(40, 0, vitalsWith('inp', { 12: 30, 3: 10 }));
    const verdict = judge(stable, slow, DEFAULT_POLICY);
    // p75: the 30th of 40 samples, placed within its bucket (stable 50 + 25 × 30/30; canary 600 + 200 × 20/30).
    expect(verdict).toMatchObject({ outcome: 'failing', errors: false, slower: [{ vital: 'inp', canary: 733, stable: 75, difference: 658 }] });
    const { p } = (verdict as Extract<typeof verdict, { outcome: 'failing' }>).slower[0]!;
    expect(p).toBeLessThan(0.001);
  });

  it('keeps a canary whose speed differs by less than the threshold, or not significantly, or is faster', () => {
    const stable = figures(40, 0, vitalsWith('inp', { 3: 30, 4: 10 }));
    // p75 75 → 150 ms: within the 100 ms threshold, however many samples.
    expect(judge(stable, figures(40, 0, vitalsWith('inp', { 5: 40 })), DEFAULT_POLICY).outcome).toBe('healthy');
    // p75 75 → 800 ms, but most of the canary's views as fast as the stable's: not significant (one-sided p 0.24).
    expect(
      judge(figures(13, 0, vitalsWith('inp', { 3: 10, 12: 3 })), figures(5, 0, vitalsWith('inp', { 3: 3, 12: 2 })), { ...DEFAULT_POLICY, minViews: 1, minNetworks: 1 }).outcome,
    ).toBe('healthy');
    // Four on each side, all slower: significant (one-sided p 0.004, within 0.05 / 2 for the two vitals tested)…
    expect(judge(figures(4, 0, vitalsWith('inp', { 3: 4 })), figures(4, 0, vitalsWith('inp', { 12: 4 })), { ...DEFAULT_POLICY, minViews: 4, minNetworks: 4 }).outcome).toBe(
      'failing',
    );
    // …but not with fewer networks' samples of the vital than --min-networks on a side.
    const fewer = { ...DEFAULT_POLICY, minViews: 4, minNetworks: 5 };
    expect(
      judge(figures(5, 0, vitalsWith('inp', { 3: 4 })), figures(5, 0, vitalsWith('inp', { 12: 4 }), { views: 5, errors: 0, vitals: vitalsWith('inp', { 12: 4 }) }), fewer).outcome,
    ).toBe('healthy');
    // Nor when the slow samples are one network's, however many views it sent.
    const oneNetwork = { views: 40, errors: 0, vitals: vitalsWith('inp', { 3: 39, 12: 1 }) };
    expect(judge(figures(40, 0, vitalsWith('inp', { 3: 40 })), figures(40, 0, vitalsWith('inp', { 12: 40 }), oneNetwork), DEFAULT_POLICY).outcome).toBe('healthy');
    // Faster: never a reason.
    expect(judge(figures(40, 0, vitalsWith('inp', { 12: 40 })), stable, DEFAULT_POLICY).outcome).toBe('healthy');
    // LCP has its own threshold (500 ms): 750 ms → 1000 ms is within it.
    expect(judge(figures(40, 0, vitalsWith('lcp', { 2: 40 })), figures(40, 0, vitalsWith('lcp', { 3: 40 })), DEFAULT_POLICY).outcome).toBe('healthy');
    expect(judge(figures(40, 0, vitalsWith('lcp', { 2: 40 })), figures(40, 0, vitalsWith('lcp', { 9: 40 })), DEFAULT_POLICY)).toMatchObject({ slower: [{ vital: 'lcp' }] });
  });

  it('refuses options out of range as usage errors', () => {
    const defaults = { lcpThreshold: 500, inpThreshold: 100, level: 0.05 };
    expect(policyFrom({})).toEqual({ minutes: 30, minViews: 20, minNetworks: 10, threshold: 0.05, intervalSeconds: 60, ...defaults });
    expect(policyFrom({ window: '60', 'min-views': '5', 'min-networks': '3', threshold: '0.1', interval: '10' })).toEqual({
      minutes: 60,
      minViews: 5,
      minNetworks: 3,
      threshold: 0.1,
      intervalSeconds: 10,
      ...defaults,
    });
    expect(policyFrom({ 'lcp-threshold': '250', 'inp-threshold': '50', significance: '0.01' })).toMatchObject({ lcpThreshold: 250, inpThreshold: 50, level: 0.01 });
    for (const wrong of [
      { window: '0' },
      { window: '1441' },
      { 'min-views': '0' },
      { 'min-networks': '0' },
      { 'min-networks': 'some' },
      { threshold: '5%' },
      { threshold: '1.5' },
      { threshold: '-0.1' },
      { interval: 'soon' },
      { 'inp-threshold': '-5' },
      { 'lcp-threshold': '1s' },
      { significance: '0' },
      { significance: '0.5' },
      { significance: 'p' },
    ]) {
      expect(() => policyFrom(wrong)).toThrow(UsageError);
    }
  });
});

describe('release status', () => {
  it("shows each remote's health from the same summary, read once", async () => {
    answer.deployments = [row(stable, 'stable', 25, { renderErrors: 1 }), row(candidate, 'canary', 20, { renderErrors: 9 })];
    const remotes = (await status(site.ctx))!;
    const account = remotes.find((remote) => remote.remote === 'mfe_account')!;
    expect(healthLines(account.health)).toEqual([
      'health over 30 min: stable 1 error / 25 views (4%) from 25 networks, 1 with errors (4%); canary 9 errors / 20 views (45%) from 20 networks, 9 with errors (45%)',
      'speed over 30 min: stable p75 LCP unmeasured, INP unmeasured, CLS unmeasured; canary p75 LCP unmeasured, INP unmeasured, CLS unmeasured',
      'server over 30 min: stable 0 of 0 pages served unrendered; canary 0 of 0 pages served unrendered',
    ]);
    expect(healthLines(remotes.find((remote) => remote.remote === 'mfe_auth')!.health)[0]).toBe(
      'health over 30 min: stable 0 errors / 0 views (no views) from 0 networks, 0 with errors',
    );
    expect(asked).toEqual([{ minutes: 30, remote: undefined }]);
  });

  it("shows the pages the site's server drew and served unrendered, per cohort", async () => {
    answer.deployments = [row(stable, 'stable', 25, { server: { pages: 25, unrendered: 0 } }), row(candidate, 'canary', 20, { server: { pages: 20, unrendered: 9 } })];
    const account = (await status(site.ctx))!.find((remote) => remote.remote === 'mfe_account')!;
    expect(healthLines(account.health)[2]).toBe('server over 30 min: stable 0 of 25 pages served unrendered (0%); canary 9 of 20 pages served unrendered (45%)');
  });

  it("shows each cohort's p75 LCP, INP and CLS", async () => {
    answer.deployments = [
      row(stable, 'stable', 4, {
        vitals: { lcp: NO_VITALS.lcp.map((_, b) => (b === 4 ? 4 : 0)), inp: NO_VITALS.inp.map((_, b) => (b === 3 ? 4 : 0)), cls: NO_VITALS.cls.map((_, b) => (b === 0 ? 4 : 0)) },
      }),
      row(candidate, 'canary', 4, { vitals: { lcp: [...NO_VITALS.lcp], cls: [...NO_VITALS.cls], inp: NO_VITALS.inp.map((_, b) => (b === 18 ? 4 : 0)) } }),
    ];
    const account = (await status(site.ctx))!.find((remote) => remote.remote === 'mfe_account')!;
    expect(healthLines(account.health)[1]).toBe('speed over 30 min: stable p75 LCP ≤ 1250 ms, INP ≤ 75 ms, CLS ≤ 0.01; canary p75 LCP unmeasured, INP > 5000 ms, CLS unmeasured');
    expect(asked).toEqual([{ minutes: 30, remote: undefined }]);
  });

  it('says why the health is not measured when the summary cannot be read', async () => {
    const health = await summaryHealth(async () => {
      throw new SummaryUnreadable('the health summary at http://127.0.0.1:9/telemetry/summary answered HTTP 404');
    })('mfe_account', { stable, canary: null });
    expect(healthLines(health)).toEqual(['health: not measured (the health summary at http://127.0.0.1:9/telemetry/summary answered HTTP 404)']);
  });
});

describe('the summary, from the user service', () => {
  let server: Server;
  let url: string;
  let seen: { url?: string; authorization?: string }[];
  let reply: { status: number; body: unknown };
  beforeEach(async () => {
    seen = [];
    reply = { status: 200, body: { minutes: 30, deployments: [] } };
    server = createServer((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization });
      response.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  it('is read with the OPS_TOKEN when one is set', async () => {
    await serviceSummary({ USER_SERVICE_URL: `${url}/`, OPS_TOKEN: 'ops-token-0123456789abcdef' })(30, 'mfe_account');
    expect(seen).toEqual([{ url: '/telemetry/summary?minutes=30&remote=mfe_account', authorization: 'Bearer ops-token-0123456789abcdef' }]);
  });

  it('is unreadable when refused, or of another shape', async () => {
    reply = { status: 401, body: { error: { code: 'ops_token_invalid' } } };
    await expect(serviceSummary({ USER_SERVICE_URL: url })(30)).rejects.toThrow(/HTTP 401 \(outside local mode the service needs OPS_TOKEN/);
    reply = { status: 200, body: { minutes: 30, deployments: [{ remote: 'mfe_account', version: 'x', cohort: 'stable', views: -1 }] } };
    await expect(serviceSummary({ USER_SERVICE_URL: url })(30)).rejects.toBeInstanceOf(SummaryUnreadable);
  });

  /** The command as CI runs it, started without blocking this process (the fake service answers from here). */
  const start = (...args: string[]) =>
    spawn(join(repoRoot, 'release', 'node_modules', '.bin', 'tsx'), [join(repoRoot, 'release', 'src', 'cli.ts'), ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DEPLOY_DIR: site.ctx.store.dir,
        DEPLOY_BASE_URL: site.ctx.store.baseUrl,
        SHELL_DIST: site.ctx.shellDist,
        RELEASE_ACTOR: 'watcher',
        USER_SERVICE_URL: url,
      },
    });

  /** The command run to its end. */
  const release = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = start(...args);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('lets `release watch --once` say there is not enough evidence from too few networks, changing nothing, until --min-networks is met', async () => {
    const fromNetworks = (errors: number, networks: number) => ({
      views: networks,
      errors: Math.min(errors, networks),
      vitals: { lcp: [...NO_VITALS.lcp], inp: [...NO_VITALS.inp], cls: [...NO_VITALS.cls] },
    });
    reply.body = {
      minutes: 30,
      deployments: [row(stable, 'stable', 25, { networks: fromNetworks(0, 9) }), row(candidate, 'canary', 20, { renderErrors: 20, networks: fromNetworks(20, 9) })],
    };
    const waiting = await release('watch', 'mfe_account', '--once');
    expect(waiting.code).toBe(0);
    expect(waiting.stdout).toContain(
      `mfe_account: not enough evidence: canary ${candidate} seen from 9 networks, stable from 9; each side needs 10 before it is judged, nothing changed`,
    );
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toBeDefined();
    const judged = await release('watch', 'mfe_account', '--once', '--min-networks', '9');
    expect(judged.stdout).toContain(`mfe_account: canary ${candidate} rolled back`);
    expect((await release('watch', 'mfe_account', '--once', '--min-networks', 'few')).code).toBe(2);
  });

  it('lets `release watch --once` roll a failing canary back and exit 0, and exit 1 only when the summary cannot be read', async () => {
    reply.body = { minutes: 15, deployments: [row(stable, 'stable', 25), row(candidate, 'canary', 20, { renderErrors: 20 })] };
    const healthy = await release('watch', 'mfe_account', '--once', '--min-views', '21');
    expect(healthy).toMatchObject({ code: 0, stdout: expect.stringContaining(`mfe_account: canary ${candidate} has 20 of the 21 views it needs over 15 min`) });

    const rolled = await release('watch', 'mfe_account', '--once', '--window', '15');
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toContain(
      `mfe_account: canary ${candidate} rolled back: canary ${candidate}: 20 errors / 20 views (100%) vs stable 0 / 25 (0%); networks with errors 20 of 20 (100%) vs stable 0 of 25 (0%), p = `,
    );
    expect(seen.at(-1)!.url).toBe('/telemetry/summary?minutes=15&remote=mfe_account');
    expect(readHistory(site.ctx.store).at(-1)).toMatchObject({ who: 'watcher', verb: 'rollback' });

    const nothingLeft = await release('watch', 'mfe_account', '--once');
    expect(nothingLeft).toMatchObject({ code: 0, stdout: 'mfe_account: no canary to watch\n' });

    await canary(site.ctx, 'mfe_account', candidate, '50');
    reply.status = 503;
    const unreadable = await release('watch', 'mfe_account', '--once');
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain('answered HTTP 503');
    expect(readDocument(site.ctx.store)!.mfe_account.canary).toBeDefined();

    expect((await release('watch', 'mfe_account', '--once', '--threshold', 'high')).code).toBe(2);
    expect((await release('status', '--once')).code).toBe(2);
  });

  it('lets `release watch` without --once print one line per check, each interval, until it is stopped', async () => {
    reply.body = { minutes: 30, deployments: [row(stable, 'stable', 25), row(candidate, 'canary', 20, { renderErrors: 20 })] };
    const child = start('watch', 'mfe_account', '--interval', '1', '--json');
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines: string[] = [];
    try {
      // Two checks printed: the first rolls the canary back, the next finds none.
      await new Promise<void>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
          lines.splice(0, lines.length, ...text.split('\n').filter(Boolean));
          if (lines.length >= 2) resolve();
        });
        void closed.then((code) => reject(new Error(`the watch exited (${code}) after ${lines.length} line(s)`)));
      });
    } finally {
      child.kill('SIGTERM');
      await closed;
    }
    const checks = lines.slice(0, 2).map((line) => JSON.parse(line) as { ok: boolean; when: string; outcome: string });
    expect(checks).toMatchObject([
      { ok: true, when: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), remote: 'mfe_account', outcome: 'rolled-back' },
      { ok: true, when: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), remote: 'mfe_account', outcome: 'no-canary' },
    ]);
    expect(seen).toHaveLength(1);
    expect(readHistory(site.ctx.store).at(-1)).toMatchObject({ who: 'watcher', verb: 'rollback' });
  });
});
