import type { FactorLevel } from './factors.ts';
import { computeEventExtras } from './fast-ale-evaluator.ts';
import type { LossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import type { ModelParameters } from './model-parameters.ts';
import { countAtMost } from './summarize-losses.ts';

/** The A4 levels in the order of the sums below (0 best, 1 partial, 2 worst). */
const A4_LEVELS: readonly FactorLevel[] = ['best', 'partial', 'worst'];
/** Index into `A4_LEVELS` of the scenario builder's level index (0 worst, 1 partial, 2 best, 3 not applicable: `createScenarioBuilder`). */
const SUM_OF_BUILDER_LEVEL: readonly number[] = [2, 1, 0, 1];

/** Expected annual loss of one group of years under the per-loss-scenario multipliers of a what-if. */
export interface GroupedAleEvaluator {
  readonly groups: number;
  /**
   * The group's share of the expected annual loss (its losses over all the run's years) at frequency
   * multipliers `frequency[s]`, severity multipliers `severity[s]` and the A4 level `builderA4Level`
   * (as `ScenarioBuilder.buildInto` returns it). Adds each loss scenario's share into `byLossScenario` when given.
   */
  readonly ofGroup: (
    group: number,
    frequency: Float64Array,
    severity: Float64Array,
    builderA4Level: number,
    byLossScenario?: Float64Array,
  ) => number;
}

/** Per bucket (group x S + loss scenario), over its events in ascending frequency threshold: bucket b is [start[b], start[b + 1]). */
interface SortedSums {
  readonly start: Int32Array;
  readonly threshold: Float64Array;
  /** prefixBase[start[b] + b + k]: core + records of the first k events of bucket b that never reach the cap (at any A4 level). */
  readonly prefixBase: Float64Array;
  /** The same for fines + ransom, one array per A4 level (`A4_LEVELS`). */
  readonly prefixExtra: readonly Float64Array[];
  /** The bucket's events that can reach the cap, ascending threshold: [candidateStart[b], candidateStart[b + 1]). */
  readonly candidateStart: Int32Array;
  readonly candidateThreshold: Float64Array;
  readonly candidateBase: Float64Array;
  /** Per A4 level, per candidate (`level x candidates + c`): its fines + ransom, and its breakpoint t_e. */
  readonly candidateExtra: Float64Array;
  readonly candidateBreakpoint: Float64Array;
}

/**
 * The what-if evaluator of a run with "I don't know" answers (ADR 268, ADR 309): one set of arrays
 * for every group of years, no per-group copy of the draws and no cache per frequency multiplier.
 * The events are sorted by (group, loss scenario) and, within that bucket, by frequency threshold,
 * so the events that happen at F are a prefix found by binary search. An event's loss is
 * min(cap, M x B_e + X_e) (`createAleEvaluator`); the events that can never reach the cap (at any A4
 * level) are summed from prefix sums, the few that can (breakpoint t_e below the largest multiplier
 * at some level) one by one. A what-if of a group costs O(S log n) whatever its F, where the
 * per-group evaluators of ADR 268 scanned the group's events for every new F (most Shapley steps).
 * Same sums as `createAleEvaluator` up to floating-point summation order.
 */
export function createGroupedAleEvaluator(
  draws: LossDraws,
  params: ModelParameters,
  groupOfSlot: Int32Array,
  groups: number,
): GroupedAleEvaluator {
  const sums = sumSortedEvents(draws, params, groupOfSlot, groups);
  const {
    start,
    threshold,
    prefixBase,
    prefixExtra,
    candidateStart,
    candidateThreshold,
    candidateBase,
    candidateExtra,
    candidateBreakpoint,
  } = sums;
  const S = LOSS_SCENARIO_COUNT;
  const cap = params.capPerEventUsd;
  const years = draws.years;
  const candidates = candidateThreshold.length;

  const ofGroup = (
    group: number,
    frequency: Float64Array,
    severity: Float64Array,
    builderA4Level: number,
    byLossScenario?: Float64Array,
  ): number => {
    const level = SUM_OF_BUILDER_LEVEL[builderA4Level] as number;
    const extras = prefixExtra[level] as Float64Array;
    const offset = level * candidates;
    let total = 0;
    for (let s = 0; s < S; s++) {
      const b = group * S + s;
      const f = frequency[s] as number;
      const m = severity[s] as number;
      const from = start[b] as number;
      // The events that happen at F = f: a prefix of the bucket's ascending thresholds.
      const at = from + b + countAtMost(threshold, from, start[b + 1] as number, f);
      let part = m * (prefixBase[at] as number) + (extras[at] as number);
      const last = candidateStart[b + 1] as number;
      for (let c = candidateStart[b] as number; c < last && (candidateThreshold[c] as number) <= f; c++) {
        const uncapped = m <= (candidateBreakpoint[offset + c] as number);
        part += uncapped ? m * (candidateBase[c] as number) + (candidateExtra[offset + c] as number) : cap;
      }
      if (byLossScenario !== undefined) byLossScenario[s] = (byLossScenario[s] as number) + part / years;
      total += part;
    }
    return total / years;
  };
  return { groups, ofGroup };
}

/** The sums of `SortedSums`: every A4 level at once (a run's what-ifs visit all three). */
function sumSortedEvents(draws: LossDraws, params: ModelParameters, groupOfSlot: Int32Array, groups: number): SortedSums {
  const n = draws.eventCount;
  const buckets = groups * LOSS_SCENARIO_COUNT;
  const maxM = params.severityMultiplierMax;
  const base = new Float64Array(n);
  for (let e = 0; e < n; e++) base[e] = (draws.coreLossUsd[e] as number) + (draws.recordsLossUsd[e] as number);
  const levels = A4_LEVELS.map((level) => computeEventExtras(draws, params, base, level));
  // An event that can reach the cap at some level is handled one by one at every level (exact either way).
  const isCandidate = new Uint8Array(n);
  for (const l of levels) for (let e = 0; e < n; e++) if ((l.breakpoint[e] as number) < maxM) isCandidate[e] = 1;
  const { start, order } = sortEventsByBucketAndThreshold(draws, groupOfSlot, buckets);
  const threshold = new Float64Array(n);
  for (let k = 0; k < n; k++) threshold[k] = draws.frequencyThreshold[order[k] as number] as number;
  const candidateStart = new Int32Array(buckets + 1);
  const candidates: number[] = [];
  for (let b = 0; b < buckets; b++) {
    for (let k = start[b] as number; k < (start[b + 1] as number); k++)
      if (isCandidate[order[k] as number] === 1) candidates.push(order[k] as number);
    candidateStart[b + 1] = candidates.length;
  }
  const prefixBase = prefixSumsByBucket(base, order, start, isCandidate);
  const prefixExtra = levels.map((l) => prefixSumsByBucket(l.extra, order, start, isCandidate));
  const count = candidates.length;
  const candidateExtra = new Float64Array(levels.length * count);
  const candidateBreakpoint = new Float64Array(levels.length * count);
  levels.forEach((l, level) => {
    for (let c = 0; c < count; c++) {
      candidateExtra[level * count + c] = l.extra[candidates[c] as number] as number;
      candidateBreakpoint[level * count + c] = l.breakpoint[candidates[c] as number] as number;
    }
  });
  return {
    start,
    threshold,
    prefixBase,
    prefixExtra,
    candidateStart,
    candidateThreshold: Float64Array.from(candidates, (e) => draws.frequencyThreshold[e] as number),
    candidateBase: Float64Array.from(candidates, (e) => base[e] as number),
    candidateExtra,
    candidateBreakpoint,
  };
}

/** Per bucket, the prefix sums of `value` over its events in sorted order, leaving out the candidates (see `SortedSums`). */
function prefixSumsByBucket(value: Float64Array, order: Int32Array, start: Int32Array, isCandidate: Uint8Array): Float64Array {
  const buckets = start.length - 1;
  const sums = new Float64Array(order.length + buckets);
  for (let b = 0; b < buckets; b++) {
    let sum = 0;
    const to = start[b + 1] as number;
    for (let k = start[b] as number; k < to; k++) {
      const e = order[k] as number;
      if (isCandidate[e] === 0) sum += value[e] as number;
      sums[k + b + 1] = sum;
    }
  }
  return sums;
}

/**
 * Events in order of bucket (group x S + loss scenario), and of frequency threshold within a bucket:
 * a radix sort of every event by threshold, then a stable counting sort by bucket.
 */
function sortEventsByBucketAndThreshold(
  draws: LossDraws,
  groupOfSlot: Int32Array,
  buckets: number,
): { start: Int32Array; order: Int32Array } {
  const n = draws.eventCount;
  const S = LOSS_SCENARIO_COUNT;
  const byThreshold = sortByNonNegativeValue(draws.frequencyThreshold.subarray(0, n));
  const bucketOf = new Int32Array(n);
  const start = new Int32Array(buckets + 1);
  for (let e = 0; e < n; e++) {
    const b = (groupOfSlot[draws.eventSlot[e] as number] as number) * S + (draws.lossScenario[e] as number);
    bucketOf[e] = b;
    start[b + 1] = (start[b + 1] as number) + 1;
  }
  for (let b = 0; b < buckets; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number);
  const next = start.slice(0, buckets);
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const e = byThreshold[k] as number;
    const b = bucketOf[e] as number;
    order[next[b] as number] = e;
    next[b] = (next[b] as number) + 1;
  }
  return { start, order };
}

/** Bits per pass of the radix sort: four passes cover a double's 64 bits. */
const RADIX_BITS = 16;

/**
 * Indices of non-negative doubles (not -0) in ascending order, ties in index order: an LSD radix sort on the
 * IEEE 754 bit patterns (for non-negative doubles their order as unsigned integers is the numeric
 * order). Four O(n) passes: several times cheaper than the typed-array sort on the 10^5 events of a run.
 */
function sortByNonNegativeValue(values: Float64Array): Int32Array {
  const n = values.length;
  const words = new Uint32Array(Float64Array.from(values).buffer);
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let spare = new Int32Array(n);
  const counts = new Int32Array((1 << RADIX_BITS) + 1);
  const mask = (1 << RADIX_BITS) - 1;
  // Little-endian: word 2i is the low half of value i (true on every JS engine we target).
  for (let pass = 0; pass < 4; pass++) {
    const word = pass >> 1;
    const shift = (pass & 1) * RADIX_BITS;
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const digit = ((words[2 * i + word] as number) >>> shift) & mask;
      counts[digit + 1] = (counts[digit + 1] as number) + 1;
    }
    for (let d = 0; d < mask + 1; d++) counts[d + 1] = (counts[d + 1] as number) + (counts[d] as number);
    for (let k = 0; k < n; k++) {
      const i = order[k] as number;
      const digit = ((words[2 * i + word] as number) >>> shift) & mask;
      spare[counts[digit] as number] = i;
      counts[digit] = (counts[digit] as number) + 1;
    }
    [order, spare] = [spare, order];
  }
  return order;
}
