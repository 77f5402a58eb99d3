/** Plain statistics for the engine's tests (exact, slow, obviously right): the reference the fast summaries are checked against. Test-only. */
/** Arithmetic mean of a numeric array (0 for an empty one). */
export function computeMean(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i] ?? 0;
  return values.length === 0 ? 0 : total / values.length;
}

/** Sample variance (n - 1 denominator; 0 below two values). */
export function computeVariance(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const mean = computeMean(values);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] ?? 0) - mean;
    total += d * d;
  }
  return total / (n - 1);
}

/**
 * Nearest-rank percentile of an ascending-sorted array: the value at index
 * ceil(p * n) - 1 (p in [0, 1]). This is the convention for every
 * percentile, VaR and "cost if it happens" figure in the engine.
 */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const index = Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1));
  return sorted[index] ?? 0;
}

/** A sorted copy of a numeric array (typed-array numeric sort). */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  const copy = Float64Array.from(values);
  copy.sort();
  return copy;
}
