// The CPU slowdown that makes every run emulate the same device, whatever host runs the bench: from
// the host's benchmarkIndex (Lighthouse's measure of the CPU it runs on), the multiplier Lighthouse's
// mobile preset is given (throttling.cpuSlowdownMultiplier) instead of its fixed 4×. Pure, tested in
// calibration.test.ts; bench/run.mjs measures the index and applies the multiplier.
import { median, medianOf, type Run } from './figures';

/**
 * The device every mobile run emulates: Lighthouse's "mid-tier mobile" (its throttling guide,
 * docs/throttling.md, "CPU Throttling": the class of a Moto G4, benchmarkIndex 125–800 as of Chrome
 * m86), the class its mobile preset is meant to emulate. The guide says its constant 4× "moves a
 * typical run in the high-end desktop bracket [benchmarkIndex 1500–2000] somewhere into the mid-tier
 * mobile bracket", and that a host whose index is elsewhere should calibrate, pointing to its CPU
 * slowdown calculator (lighthouse-cpu-throttling-calculator.vercel.app, source:
 * github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js) for the multiplier
 * of an index. The calculator's mid-tier mobile target is a straight line between these points:
 * index 150 → 1×, 800 → 2×, 1300 → 3×, 1533 → 4×, 1766 → 5×, 2000 → 6× (233 index points a step
 * above 1300). So the preset's 4× is right for a host of index ~1533; this machine's 1,666–1,794 asks
 * for 4.6–5.1×, and a busier moment of it (a lower index) for less.
 */
export const REFERENCE_DEVICE = "Lighthouse's mid-tier mobile (Moto G4 class; the mobile preset's 4× on a host of benchmarkIndex ~1533)";

/** The multiplier's bounds: 1× (no slowdown: a host as slow as the device or slower) to 10×, the top of the guide's range for a high-end desktop emulating a mid-tier phone (2–10×). */
export const MULTIPLIER_BOUNDS = { min: 1, max: 10 } as const;

/**
 * An index no Chrome on a real host gives (the fastest desktops of the guide's table are ~2000; a
 * figure of 20,000 or more, 0 or less, or not a number is a broken measure): refused, never clamped.
 */
const NONSENSE_INDEX = 20_000;

/**
 * The CPU slowdown for Lighthouse's mobile preset that makes a host of `benchmarkIndex` emulate the
 * reference device (the calculator's line, see REFERENCE_DEVICE), to two decimals, within
 * MULTIPLIER_BOUNDS. Throws on an index that is no measure of a host.
 */
export function cpuSlowdownMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0 || benchmarkIndex >= NONSENSE_INDEX) {
    throw new Error(`benchmarkIndex ${benchmarkIndex} is no measure of a host (a finite number over 0 and under ${NONSENSE_INDEX} is)`);
  }
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  const bounded = Math.min(MULTIPLIER_BOUNDS.max, Math.max(MULTIPLIER_BOUNDS.min, multiplier));
  return Math.round(bounded * 100) / 100;
}

/** The host's calibration as results.json records it: the index measured at the bench's start, the multiplier from it, and each run's own index. */
export interface Calibration {
  referenceDevice: string;
  /** How the multiplier was chosen: from the host's index, or set (BENCH_CPU_SLOWDOWN=<number>: uncalibrated, for comparison). */
  mode: 'calibrated' | 'fixed';
  /** The median of the samples measured at the start (null: not measured). */
  hostBenchmarkIndex: number | null;
  hostSamples: number[];
  /** The mobile preset's throttling.cpuSlowdownMultiplier in every run of every site (desktop keeps its preset's). */
  cpuSlowdownMultiplier: number;
  /** Each completed mobile run's own benchmarkIndex (Lighthouse measures it at every run): the lowest, median and highest. */
  runs?: { min: number; median: number; max: number; count: number } | null;
}

/**
 * The calibration from the host's index samples (their median stands for the host), or, with a
 * fixed multiplier (a number: the uncalibrated comparison), that multiplier with the samples beside it.
 */
export function hostCalibration(samples: readonly number[], fixedMultiplier?: number): Calibration {
  const measured = samples.filter((s) => Number.isFinite(s) && s > 0);
  const hostBenchmarkIndex = median(measured);
  const base = {
    referenceDevice: REFERENCE_DEVICE,
    hostBenchmarkIndex: hostBenchmarkIndex === null ? null : Math.round(hostBenchmarkIndex),
    hostSamples: measured.map(Math.round),
  };
  if (fixedMultiplier !== undefined) {
    if (!Number.isFinite(fixedMultiplier) || fixedMultiplier < 1) throw new Error(`a fixed CPU slowdown must be a number of 1 or more, not ${fixedMultiplier}`);
    return { ...base, mode: 'fixed', cpuSlowdownMultiplier: fixedMultiplier };
  }
  if (hostBenchmarkIndex === null) throw new Error("the host's benchmarkIndex could not be measured: no multiplier can be derived");
  return { ...base, mode: 'calibrated', cpuSlowdownMultiplier: cpuSlowdownMultiplier(hostBenchmarkIndex) };
}

/** The lowest, median and highest of the runs' own indices (null: no run recorded one). */
export function indexRange(indices: readonly (number | null | undefined)[]): Calibration['runs'] {
  const measured = indices.filter((i): i is number => typeof i === 'number' && Number.isFinite(i));
  if (measured.length === 0) return null;
  return { min: Math.round(Math.min(...measured)), median: Math.round(median(measured) as number), max: Math.round(Math.max(...measured)), count: measured.length };
}

/** A page's figures in the calibration history: the median TBT over its completed mobile runs (each run's, and each run's index), and the median run's main-thread work. */
export interface CalibratedPage {
  site: string;
  route: string;
  tbtMs: number | null;
  tbtRuns: (number | null)[];
  benchmarkIndices: (number | null)[];
  bootupMs: number | null;
  workMs: number | null;
}

/** A run of the bench as the calibration history keeps it: when, on what load, at which index and slowdown, and what each mobile page gave. */
export interface CalibrationRecord extends Calibration {
  date: string;
  label: string | null;
  loadAverage: { atStart: number[]; atEnd: number[] };
  pages: CalibratedPage[];
}

/** The history's record of a run (its mobile pages only: the calibrated preset). */
export function calibrationRecord({
  date,
  label,
  machine,
  calibration,
  pages,
}: {
  date: string;
  label: string | null;
  machine: { loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  calibration: Calibration;
  pages: readonly { site: string; route: string; preset: string; runs: Run[]; mainThread?: { bootupMs: number | null; workMs: number | null } }[];
}): CalibrationRecord {
  return {
    date,
    label,
    loadAverage: { atStart: machine.loadAverageAtStart, atEnd: machine.loadAverageAtEnd },
    ...calibration,
    pages: pages
      .filter((p) => p.preset === 'mobile')
      .map((p) => ({
        site: p.site,
        route: p.route,
        tbtMs: medianOf(p, 'tbtMs'),
        tbtRuns: p.runs.map((r) => (r.failure ? null : (r.tbtMs ?? null))),
        benchmarkIndices: p.runs.map((r) => r.benchmarkIndex ?? null),
        bootupMs: p.mainThread?.bootupMs ?? null,
        workMs: p.mainThread?.workMs ?? null,
      })),
  };
}
