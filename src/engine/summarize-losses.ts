
/** Percentiles reported for annual and per-event losses. */
export interface LossPercentiles {
  readonly p50: number;
  readonly p90: number;
  readonly p95: number;
  readonly p99: number;
}

/** Summary of a distribution of annual losses (all USD except probabilities). */
export interface AnnualLossSummary {
  /** Mean annual loss (ALE). */
  readonly expectedUsd: number;
  readonly standardDeviationUsd: number;
  /** Monte Carlo standard error of the mean: sd / sqrt(years). */
  readonly standardErrorUsd: number;
  /** Share of simulated years with a loss (= P(at least one loss event)). */
  readonly probabilityOfAnyLoss: number;
  /** Nearest-rank percentiles of annual loss. */
  readonly percentilesUsd: LossPercentiles;
  readonly valueAtRisk95Usd: number;
  readonly valueAtRisk99Usd: number;
  /** Mean of the worst 1% of years. */
  readonly expectedShortfall99Usd: number;
  readonly maxUsd: number;
  readonly years: number;
}

/** Summary of per-event losses ("cost if it happens"). */
export interface EventLossSummary {
  readonly eventCount: number;
  readonly meanUsd: number;
  readonly percentilesUsd: LossPercentiles;
}

/** One point of the loss exceedance curve: P(annual loss > lossUsd). */
export interface ExceedancePoint {
  readonly lossUsd: number;
  readonly probability: number;
}

/** Ascending-sorted copy of the non-zero values. Most SME years have no loss, so this is small. */
export function sortNonZero(values: Float64Array): Float64Array {
  return collectNonZero(values).sort();
}

/** Nearest-rank percentile of `years` values of which all but `sortedNonZero` are 0. */
function percentileWithZeros(sortedNonZero: Float64Array, years: number, p: number): number {
  const index = Math.min(years - 1, Math.max(0, Math.ceil(p * years) - 1));
  const zeros = years - sortedNonZero.length;
  return index < zeros ? 0 : (sortedNonZero[index - zeros] as number);
}

/** Summarises annual losses; returns the sorted non-zero losses too for the exceedance curve. */
export function summarizeAnnualLosses(annualLossUsd: Float64Array): { summary: AnnualLossSummary; sortedNonZero: Float64Array } {
  const sortedNonZero = sortNonZero(annualLossUsd);
  return { summary: summarizeSortedNonZero(sortedNonZero, annualLossUsd.length), sortedNonZero };
}

/**
 * Summary of `years` annual losses given only the non-zero ones, sorted
 * ascending (every other year lost nothing).
 */
function summarizeSortedNonZero(sortedNonZero: Float64Array, years: number): AnnualLossSummary {
  const zeros = years - sortedNonZero.length;
  let total = 0;
  for (let i = 0; i < sortedNonZero.length; i++) total += sortedNonZero[i] as number;
  const mean = years > 0 ? total / years : 0;
  let squares = zeros * mean * mean;
  for (let i = 0; i < sortedNonZero.length; i++) {
    const d = (sortedNonZero[i] as number) - mean;
    squares += d * d;
  }
  const sd = years > 1 ? Math.sqrt(squares / (years - 1)) : 0;
  const pct = (p: number): number => percentileWithZeros(sortedNonZero, years, p);
  const tailCount = Math.max(1, Math.ceil(0.01 * years));
  let tailTotal = 0;
  for (let k = 0; k < tailCount && k < sortedNonZero.length; k++) tailTotal += sortedNonZero[sortedNonZero.length - 1 - k] as number;
  return {
    expectedUsd: mean,
    standardDeviationUsd: sd,
    standardErrorUsd: years > 0 ? sd / Math.sqrt(years) : 0,
    probabilityOfAnyLoss: years > 0 ? sortedNonZero.length / years : 0,
    percentilesUsd: { p50: pct(0.5), p90: pct(0.9), p95: pct(0.95), p99: pct(0.99) },
    valueAtRisk95Usd: pct(0.95),
    valueAtRisk99Usd: pct(0.99),
    expectedShortfall99Usd: tailTotal / tailCount,
    maxUsd: sortedNonZero.length > 0 ? (sortedNonZero[sortedNonZero.length - 1] as number) : 0,
    years,
  };
}

/** Summarises per-event losses (percentiles by selection: no full sort). */
export function summarizeEventLosses(eventLossUsd: Float64Array): EventLossSummary {
  const n = eventLossUsd.length;
  const work = Float64Array.from(eventLossUsd);
  let total = 0;
  for (let i = 0; i < n; i++) total += work[i] as number;
  // Nearest-rank indices, selected in increasing order so each selection narrows the next.
  const rank = (p: number): number => Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1));
  const values: number[] = [];
  let lo = 0;
  for (const p of [0.5, 0.9, 0.95, 0.99]) {
    const k = rank(p);
    if (n > 0) selectKth(work, lo, n - 1, k);
    values.push(n > 0 ? (work[k] as number) : 0);
    lo = Math.max(lo, k);
  }
  return {
    eventCount: n,
    meanUsd: n > 0 ? total / n : 0,
    percentilesUsd: { p50: values[0] ?? 0, p90: values[1] ?? 0, p95: values[2] ?? 0, p99: values[3] ?? 0 },
  };
}

/**
 * Rearranges a[left..right] so that a[k] is the value an ascending sort
 * would put there, with smaller-or-equal values before it and
 * greater-or-equal after (Hoare's quickselect, median-of-three pivot).
 */
export function selectKth(a: Float64Array, left: number, right: number, k: number): void {
  let lo = left;
  let hi = right;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // Median of three as pivot.
    const x = a[lo] as number;
    const y = a[mid] as number;
    const z = a[hi] as number;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i += 1;
      while ((a[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** Number of values in an ascending array strictly greater than x. */
function countAbove(sorted: Float64Array, x: number): number {
  return sorted.length - countAtMost(sorted, 0, sorted.length, x);
}

/** Number of values of the ascending `sorted[from..to)` that are <= x, by binary search. */
export function countAtMost(sorted: Float64Array, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - from;
}

/**
 * Loss exceedance curve P(A > x) on `points` log-spaced x from `minUsd` to
 * `maxUsd`. Computed from one sorted sample, so it never increases.
 */
export function computeExceedanceCurve(sortedNonZero: Float64Array, years: number, minUsd: number, maxUsd: number, points: number): ExceedancePoint[] {
  const curve: ExceedancePoint[] = [];
  const logMin = Math.log(minUsd);
  const step = (Math.log(maxUsd) - logMin) / (points - 1);
  for (let j = 0; j < points; j++) {
    const lossUsd = j === points - 1 ? maxUsd : Math.exp(logMin + step * j);
    curve.push({ lossUsd, probability: countAbove(sortedNonZero, lossUsd) / years });
  }
  return curve;
}

/** The non-zero values of an array, in their original order (no sort). */
export function collectNonZero(values: Float64Array): Float64Array {
  let count = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) !== 0) count += 1;
  const out = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    if (x !== 0) out[k++] = x;
  }
  return out;
}

/**
 * The same summary as `summarizeSortedNonZero`, from the non-zero annual
 * losses in any order, by selection instead of a full sort (the result is
 * identical: the same order statistics and the same sums in the same order
 * when given the same array).
 */
export function summarizeNonZero(nonZero: Float64Array, years: number): AnnualLossSummary {
  const n = nonZero.length;
  const zeros = years - n;
  let total = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const x = nonZero[i] as number;
    total += x;
    if (x > max) max = x;
  }
  const mean = years > 0 ? total / years : 0;
  let squares = zeros * mean * mean;
  for (let i = 0; i < n; i++) {
    const d = (nonZero[i] as number) - mean;
    squares += d * d;
  }
  const sd = years > 1 ? Math.sqrt(squares / (years - 1)) : 0;
  const work = Float64Array.from(nonZero);
  let lo = 0;
  const pct = (p: number): number => {
    const index = Math.min(years - 1, Math.max(0, Math.ceil(p * years) - 1));
    if (index < zeros || n === 0) return 0;
    const k = index - zeros;
    selectKth(work, lo, n - 1, k);
    lo = k;
    return work[k] as number;
  };
  const percentilesUsd = { p50: pct(0.5), p90: pct(0.9), p95: pct(0.95), p99: pct(0.99) };
  const tailCount = Math.max(1, Math.ceil(0.01 * years));
  let tailTotal = 0;
  if (tailCount >= n) {
    for (let i = 0; i < n; i++) tailTotal += work[i] as number;
  } else {
    const first = n - tailCount;
    selectKth(work, Math.min(lo, first), n - 1, first);
    // Sum the top values from the largest down, as the sorted version does.
    const top = work.slice(first).sort();
    for (let k = top.length - 1; k >= 0; k--) tailTotal += top[k] as number;
  }
  return {
    expectedUsd: mean,
    standardDeviationUsd: sd,
    standardErrorUsd: years > 0 ? sd / Math.sqrt(years) : 0,
    probabilityOfAnyLoss: years > 0 ? n / years : 0,
    percentilesUsd,
    valueAtRisk95Usd: percentilesUsd.p95,
    valueAtRisk99Usd: percentilesUsd.p99,
    expectedShortfall99Usd: tailTotal / tailCount,
    maxUsd: max,
    years,
  };
}

/**
 * Only the 1-in-100 year (P99) and the expected shortfall 99 of non-zero
 * annual losses, equal to `summarizeNonZero`'s (the same order statistic, and
 * the same top values summed in the same order), for the recommendations'
 * tail what-ifs. Reorders `scratch` in place (no copy): pass a buffer the
 * caller no longer needs.
 */
export function summarizeTailInPlace(scratch: Float64Array, years: number): { p99Usd: number; expectedShortfall99Usd: number } {
  const n = scratch.length;
  const zeros = years - n;
  const tailCount = Math.max(1, Math.ceil(0.01 * years));
  if (tailCount >= n) {
    // The whole array is the tail: the full summary's summation order depends on its earlier selections.
    const s = summarizeNonZero(scratch, years);
    return { p99Usd: s.percentilesUsd.p99, expectedShortfall99Usd: s.expectedShortfall99Usd };
  }
  const index = Math.min(years - 1, Math.max(0, Math.ceil(0.99 * years) - 1));
  let lo = 0;
  let p99Usd = 0;
  if (index >= zeros) {
    lo = index - zeros;
    selectKth(scratch, 0, n - 1, lo);
    p99Usd = scratch[lo] as number;
  }
  const first = n - tailCount;
  selectKth(scratch, Math.min(lo, first), n - 1, first);
  const top = scratch.slice(first).sort();
  let tailTotal = 0;
  for (let k = top.length - 1; k >= 0; k--) tailTotal += top[k] as number;
  return { p99Usd, expectedShortfall99Usd: tailTotal / tailCount };
}

/** Loss exceedance curve from unsorted non-zero annual losses (same points as `computeExceedanceCurve`). */
export function computeExceedanceCurveFromNonZero(nonZero: Float64Array, years: number, minUsd: number, maxUsd: number, points: number): ExceedancePoint[] {
  const xs = new Float64Array(points);
  const logMin = Math.log(minUsd);
  const step = (Math.log(maxUsd) - logMin) / (points - 1);
  for (let j = 0; j < points; j++) xs[j] = j === points - 1 ? maxUsd : Math.exp(logMin + step * j);
  // hist[p] = number of values exceeding exactly the first p thresholds.
  const hist = new Float64Array(points + 1);
  const perStep = 1 / step;
  const first = xs[0] as number;
  for (let i = 0; i < nonZero.length; i++) {
    const v = nonZero[i] as number;
    // The thresholds are log-spaced, so the log gives the count below v at once (ADR 216: a third
    // of the binary search's time on a what-if); exact comparisons then correct any rounding.
    let a = v <= first ? 0 : Math.min(points, Math.ceil((Math.log(v) - logMin) * perStep));
    while (a > 0 && (xs[a - 1] as number) >= v) a -= 1;
    while (a < points && (xs[a] as number) < v) a += 1;
    hist[a] = (hist[a] as number) + 1;
  }
  const curve: ExceedancePoint[] = new Array<ExceedancePoint>(points);
  let above = 0;
  for (let j = points - 1; j >= 0; j--) {
    above += hist[j + 1] as number;
    curve[j] = { lossUsd: xs[j] as number, probability: above / years };
  }
  return curve;
}
