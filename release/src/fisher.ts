// Whether a canary's share of networks with errors is higher than the stable version's by more
// than chance: Fisher's exact test, one-sided, on the 2×2 table of networks (with errors or not,
// canary or stable). Exact, so it holds for the few networks a small canary has.

/** ln(n!) for 0..n, summed once. */
function logFactorials(n: number): number[] {
  const table = [0];
  for (let i = 1; i <= n; i += 1) table.push(table[i - 1]! + Math.log(i));
  return table;
}

/**
 * The one-sided p-value that the canary has at least `canaryErrors` of the networks with errors,
 * given how many networks each side has and how many had errors in all (the hypergeometric tail).
 * 1 when either side has no network.
 */
export function fisherGreater(canaryErrors: number, canaryNetworks: number, stableErrors: number, stableNetworks: number): number {
  if (canaryNetworks <= 0 || stableNetworks <= 0) return 1;
  const total = canaryNetworks + stableNetworks;
  const withErrors = canaryErrors + stableErrors;
  const ln = logFactorials(total);
  const choose = (n: number, k: number) => ln[n]! - ln[k]! - ln[n - k]!;
  const all = choose(total, canaryNetworks);
  let p = 0;
  for (let x = canaryErrors; x <= Math.min(withErrors, canaryNetworks); x += 1) {
    if (canaryNetworks - x > total - withErrors) continue;
    p += Math.exp(choose(withErrors, x) + choose(total - withErrors, canaryNetworks - x) - all);
  }
  return Math.min(1, p);
}
