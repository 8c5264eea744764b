// The field speed of a deployment, from the histograms the user service keeps of the shell's
// web-vitals (fixed buckets: VITAL_BUCKETS): each vital's 75th percentile, and whether a canary's
// LCP or INP is worse than the stable version's by more than a threshold and significantly so.
//
// The test: Kruskal-Wallis H on the two cohorts' samples, each sample its bucket's index (the
// bucketed values are ordinal, with many ties; the test corrects for them). With two groups it is
// the two-sided Mann-Whitney U test in its normal approximation; the canary is judged slower when
// its mean rank is the higher one and half that p-value (one-sided) is below the level. The watch
// tests two vitals, each at half the level (Bonferroni), on at least --min-views samples a side.
import kruskalTest from '@stdlib/stats-kruskal-test';
import { VITAL_BUCKETS, VITALS, type Vital } from '@site/contract/telemetry';

export type Histogram = readonly number[];
export type VitalHistograms = Readonly<Record<Vital, Histogram>>;

/** No samples of any vital. */
export const NO_VITALS: VitalHistograms = Object.fromEntries(VITALS.map((vital) => [vital, VITAL_BUCKETS[vital].map(() => 0)])) as unknown as VitalHistograms;

const samplesIn = (histogram: Histogram) => histogram.reduce((total, count) => total + count, 0);

/**
 * The 75th percentile of a histogram (the nearest-rank sample), placed within its bucket by linear
 * interpolation between the bucket's bounds; in the last, open bucket, its lower bound (`above`:
 * the value is at least that). Null with no sample.
 */
export function p75(vital: Vital, histogram: Histogram): { samples: number; value: number; above: boolean; bound: number } | null {
  const samples = samplesIn(histogram);
  if (samples === 0) return null;
  const rank = Math.ceil(samples * 0.75);
  const bounds = VITAL_BUCKETS[vital];
  let before = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    const count = histogram[bucket]!;
    if (before + count >= rank) {
      const lower = bounds[bucket]!;
      if (bucket + 1 >= bounds.length) return { samples, value: lower, above: true, bound: lower };
      const upper = bounds[bucket + 1]!;
      return { samples, value: lower + ((upper - lower) * (rank - before)) / count, above: false, bound: upper };
    }
    before += count;
  }
  return null;
}

const unit = (vital: Vital) => (vital === 'cls' ? '' : ' ms');

/** "INP ≤ 600 ms", "LCP > 20000 ms", "CLS ≤ 0.01", "INP unmeasured": the bound of the bucket the p75 is in. */
export function p75Text(vital: Vital, histogram: Histogram): string {
  const figure = p75(vital, histogram);
  const name = vital.toUpperCase();
  return figure ? `${name} ${figure.above ? '>' : '≤'} ${figure.bound}${unit(vital)}` : `${name} unmeasured`;
}

/** Each bucket's count, as that many samples of its index (the ordinal values the test ranks). */
const expanded = (histogram: Histogram) => histogram.flatMap((count, bucket) => Array<number>(count).fill(bucket));

/** Each side's mean rank among both sides' samples (ties given their mid-rank), the test's own ordering. */
function meanRanks(stable: Histogram, canary: Histogram): { stable: number; canary: number } {
  let before = 0;
  let stableRanks = 0;
  let canaryRanks = 0;
  for (let bucket = 0; bucket < stable.length; bucket += 1) {
    const tied = stable[bucket]! + canary[bucket]!;
    const midRank = before + (tied + 1) / 2;
    stableRanks += stable[bucket]! * midRank;
    canaryRanks += canary[bucket]! * midRank;
    before += tied;
  }
  return { stable: stableRanks / samplesIn(stable), canary: canaryRanks / samplesIn(canary) };
}

export interface SlowerVital {
  vital: Vital;
  /** The canary's and the stable version's p75 (ms, rounded; the canary's at least that when `above`). */
  canary: number;
  stable: number;
  above: boolean;
  /** The canary's p75 minus the stable's (ms). */
  difference: number;
  /** One-sided p-value of the test (the canary slower). */
  p: number;
}

/**
 * Whether the canary's `vital` is worse than the stable version's: its p75 higher by more than
 * `threshold` (ms), and the difference significant at `level`; null otherwise, and with fewer than
 * `minSamples` samples of the vital on either side (at least two).
 */
export function slowerVital(
  vital: Vital,
  stable: Histogram,
  canary: Histogram,
  { threshold, level, minSamples = 2 }: { threshold: number; level: number; minSamples?: number },
): SlowerVital | null {
  const stableP75 = p75(vital, stable);
  const canaryP75 = p75(vital, canary);
  const enough = Math.max(2, minSamples);
  if (!stableP75 || !canaryP75 || stableP75.samples < enough || canaryP75.samples < enough) return null;
  // In the open last bucket a p75 is a lower bound: above any bounded one.
  const difference = canaryP75.above && !stableP75.above ? Infinity : canaryP75.value - stableP75.value;
  const ranks = meanRanks(stable, canary);
  if (!(difference > threshold) || !(ranks.canary > ranks.stable)) return null;
  const { pValue } = kruskalTest(expanded(stable), expanded(canary));
  const p = pValue / 2;
  if (!(p < level)) return null;
  return { vital, canary: Math.round(canaryP75.value), stable: Math.round(stableP75.value), above: canaryP75.above, difference: Math.round(difference), p };
}

/** "p75 INP ≈ 733 ms vs stable ≈ 75 ms (+658 ms, more than 100 ms; p = 0.0041 < 0.025)". */
export function slowerText(slower: SlowerVital, threshold: number, level: number): string {
  const name = slower.vital.toUpperCase();
  const canary = slower.above ? `≥ ${slower.canary}` : `≈ ${slower.canary}`;
  const difference = Number.isFinite(slower.difference) ? `+${slower.difference} ms` : 'past the last bucket';
  return `p75 ${name} ${canary} ms vs stable ≈ ${slower.stable} ms (${difference}, more than ${threshold} ms; p = ${slower.p.toPrecision(2)} < ${level})`;
}
