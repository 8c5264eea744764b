// The field speed of a deployment, from the histograms the user service keeps of the shell's
// web-vitals (fixed buckets: VITAL_BUCKETS): each vital's 75th percentile, and whether a canary's
// LCP or INP is worse than the stable version's by more than a threshold and significantly so.
//
// The test: Kruskal-Wallis H on the two cohorts' samples, each sample its bucket's rank (the
// bucketed values are ordinal, with many ties; the test corrects for them). With two groups it is
// the two-sided Mann-Whitney U test in its normal approximation; the canary is judged slower when
// its mean rank is the higher one and half that p-value (one-sided) is below the level.
import kruskalTest from '@stdlib/stats-kruskal-test';
import { VITAL_BUCKETS, VITALS, type Vital } from '@site/service-user/telemetry';

export type Histogram = readonly number[];
export type VitalHistograms = Readonly<Record<Vital, Histogram>>;

/** No samples of any vital. */
export const NO_VITALS: VitalHistograms = Object.fromEntries(VITALS.map((vital) => [vital, VITAL_BUCKETS[vital].map(() => 0)])) as unknown as VitalHistograms;

const samplesIn = (histogram: Histogram) => histogram.reduce((total, count) => total + count, 0);

/**
 * The 75th percentile of a histogram: the upper bound of the bucket the 75th percentile sample is
 * in (`at most`), or the last bucket's lower bound when it is that open one (`above`); null with
 * no sample.
 */
export function p75(vital: Vital, histogram: Histogram): { samples: number; value: number; above: boolean } | null {
  const samples = samplesIn(histogram);
  if (samples === 0) return null;
  const rank = Math.ceil(samples * 0.75);
  const bounds = VITAL_BUCKETS[vital];
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    seen += histogram[bucket]!;
    if (seen >= rank) return bucket + 1 < bounds.length ? { samples, value: bounds[bucket + 1]!, above: false } : { samples, value: bounds[bucket]!, above: true };
  }
  return null;
}

const unit = (vital: Vital) => (vital === 'cls' ? '' : ' ms');

/** "INP ≤ 600 ms", "LCP > 20000 ms", "CLS ≤ 0.01", "INP unmeasured". */
export function p75Text(vital: Vital, histogram: Histogram): string {
  const figure = p75(vital, histogram);
  const name = vital.toUpperCase();
  return figure ? `${name} ${figure.above ? '>' : '≤'} ${figure.value}${unit(vital)}` : `${name} unmeasured`;
}

/** Each bucket's count, as that many samples of its index (the ordinal values the test ranks). */
const expanded = (histogram: Histogram) => histogram.flatMap((count, bucket) => Array<number>(count).fill(bucket));

/** The mean bucket index (for the test's direction: which cohort ranks higher). */
const meanBucket = (histogram: Histogram) => {
  const samples = samplesIn(histogram);
  return samples === 0 ? 0 : histogram.reduce((total, count, bucket) => total + count * bucket, 0) / samples;
};

export interface SlowerVital {
  vital: Vital;
  canary: number;
  stable: number;
  /** The canary's p75 minus the stable's (ms). */
  difference: number;
  /** One-sided p-value of the test (the canary slower). */
  p: number;
}

/**
 * Whether the canary's `vital` is worse than the stable version's: its p75 higher by more than
 * `threshold` (ms), and the difference significant at `level`; null otherwise (too few samples on
 * either side: fewer than two, or no difference to test).
 */
export function slowerVital(vital: Vital, stable: Histogram, canary: Histogram, { threshold, level }: { threshold: number; level: number }): SlowerVital | null {
  const stableP75 = p75(vital, stable);
  const canaryP75 = p75(vital, canary);
  if (!stableP75 || !canaryP75 || stableP75.samples < 2 || canaryP75.samples < 2) return null;
  const difference = canaryP75.value - stableP75.value;
  if (!(difference > threshold) || !(meanBucket(canary) > meanBucket(stable))) return null;
  const { pValue } = kruskalTest(expanded(stable), expanded(canary));
  const p = pValue / 2;
  if (!(p < level)) return null;
  return { vital, canary: canaryP75.value, stable: stableP75.value, difference, p };
}

/** "p75 INP ≤ 800 ms vs stable ≤ 50 ms (+750 ms, more than 100 ms; p = 0.012 < 0.05)". */
export function slowerText(slower: SlowerVital, threshold: number, level: number): string {
  const name = slower.vital.toUpperCase();
  return `p75 ${name} ≤ ${slower.canary} ms vs stable ≤ ${slower.stable} ms (+${slower.difference} ms, more than ${threshold} ms; p = ${slower.p.toPrecision(2)} < ${level})`;
}
