import { calibrationRecord, cpuSlowdownMultiplier, hostCalibration, indexRange, MULTIPLIER_BOUNDS, REFERENCE_DEVICE } from './calibration';
import type { Run } from './figures';

describe("the CPU slowdown for a host's benchmarkIndex (Lighthouse's mid-tier mobile)", () => {
  it("gives the calculator's multiplier at each of its points", () => {
    // The points of Lighthouse's CPU slowdown calculator (docs/throttling.md links it): 4× at ~1533.
    expect(cpuSlowdownMultiplier(150)).toBe(1);
    expect(cpuSlowdownMultiplier(800)).toBe(2);
    expect(cpuSlowdownMultiplier(1300)).toBe(3);
    expect(cpuSlowdownMultiplier(1533)).toBe(4);
    expect(cpuSlowdownMultiplier(1766)).toBe(5);
    expect(cpuSlowdownMultiplier(1999)).toBe(6);
  });

  it('goes in a straight line between them, to two decimals', () => {
    expect(cpuSlowdownMultiplier(475)).toBe(1.5);
    expect(cpuSlowdownMultiplier(1050)).toBe(2.5);
    // This machine's quiet and busy moments (benchmarkIndex 1,666 and 1,794).
    expect(cpuSlowdownMultiplier(1666)).toBe(4.57);
    expect(cpuSlowdownMultiplier(1794)).toBe(5.12);
  });

  it('grows with the index: a faster host is slowed down more', () => {
    const indices = [100, 400, 800, 1000, 1300, 1600, 2000, 2500];
    const multipliers = indices.map(cpuSlowdownMultiplier);
    expect([...multipliers].sort((a, b) => a - b)).toEqual(multipliers);
    expect(new Set(multipliers.slice(1)).size).toBe(multipliers.length - 1);
  });

  it('never speeds a host up (1× for a host as slow as the device), nor slows one down more than 10×', () => {
    expect(cpuSlowdownMultiplier(100)).toBe(MULTIPLIER_BOUNDS.min);
    expect(cpuSlowdownMultiplier(1)).toBe(1);
    expect(cpuSlowdownMultiplier(2931)).toBe(10);
    expect(cpuSlowdownMultiplier(5000)).toBe(MULTIPLIER_BOUNDS.max);
  });

  it('refuses an index that measures no host', () => {
    for (const nonsense of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 20_000, 1e9]) {
      expect(() => cpuSlowdownMultiplier(nonsense)).toThrow(/is no measure of a host/);
    }
  });
});

describe("the host's calibration", () => {
  it("takes the samples' median for the host, and the multiplier from it", () => {
    expect(hostCalibration([1700.4, 1533, 1400, Number.NaN, 1610])).toEqual({
      referenceDevice: REFERENCE_DEVICE,
      mode: 'calibrated',
      hostBenchmarkIndex: 1572,
      hostSamples: [1700, 1533, 1400, 1610],
      cpuSlowdownMultiplier: 4.17,
    });
  });

  it('keeps a fixed multiplier (the uncalibrated comparison) with the samples beside it', () => {
    expect(hostCalibration([1800], 4)).toMatchObject({ mode: 'fixed', hostBenchmarkIndex: 1800, cpuSlowdownMultiplier: 4 });
    expect(() => hostCalibration([1800], 0.5)).toThrow(/1 or more/);
    expect(() => hostCalibration([1800], Number.NaN)).toThrow(/1 or more/);
  });

  it('refuses to calibrate without a measure', () => {
    expect(() => hostCalibration([])).toThrow(/could not be measured/);
    expect(() => hostCalibration([Number.NaN, 0])).toThrow(/could not be measured/);
  });

  it("gives the runs' own indices as lowest, median and highest, or null for none", () => {
    expect(indexRange([1700, null, 1500.6, undefined, 1650])).toEqual({ min: 1501, median: 1650, max: 1700, count: 3 });
    expect(indexRange([null, undefined])).toBeNull();
  });
});

describe('the calibration history', () => {
  const run = (tbtMs: number, benchmarkIndex: number): Run => ({ performance: 100, tbtMs, lcpMs: 1000, cls: 0, longTasks: [], benchmarkIndex });
  it("records a run's mobile pages: their median TBT, each run's TBT and index, the median run's main-thread work", () => {
    const calibration = { ...hostCalibration([1600]), runs: indexRange([1500, 1550, 1620]) };
    const record = calibrationRecord({
      date: '2026-11-29T11:00:00.000Z',
      label: 'one core busy',
      machine: { loadAverageAtStart: [2.1, 1, 0.5], loadAverageAtEnd: [2.9, 2, 1] },
      calibration,
      pages: [
        { site: 'federated', route: '/', preset: 'mobile', runs: [run(40, 1500), { failure: 'NO_FCP' }, run(60, 1620), run(20, 1550)], mainThread: { bootupMs: 300, workMs: 900 } },
        { site: 'federated', route: '/', preset: 'desktop', runs: [run(0, 1600)] },
        { site: 'html', route: '/login', preset: 'mobile', runs: [{ failure: 'NO_FCP' }] },
      ],
    });
    expect(record).toEqual({
      date: '2026-11-29T11:00:00.000Z',
      label: 'one core busy',
      loadAverage: { atStart: [2.1, 1, 0.5], atEnd: [2.9, 2, 1] },
      ...calibration,
      pages: [
        { site: 'federated', route: '/', tbtMs: 40, tbtRuns: [40, null, 60, 20], benchmarkIndices: [1500, null, 1620, 1550], bootupMs: 300, workMs: 900 },
        { site: 'html', route: '/login', tbtMs: null, tbtRuns: [null], benchmarkIndices: [null], bootupMs: null, workMs: null },
      ],
    });
    expect(record.cpuSlowdownMultiplier).toBe(4.29);
  });
});
