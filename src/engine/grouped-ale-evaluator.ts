import type { FactorLevel } from './factors.ts';
import { computeEventExtras, sortEventsByValue } from './fast-ale-evaluator.ts';
import type { LossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import type { ModelParameters } from './model-parameters.ts';

/** The A4 level of the scenario builder's level index (0 worst, 1 partial, 2 best, 3 not applicable: `createScenarioBuilder`). */
const A4_LEVEL_OF_BUILDER_LEVEL: readonly FactorLevel[] = ['worst', 'partial', 'best', 'partial'];
const LEVEL_INDEX: { readonly [L in FactorLevel]: number } = { best: 0, partial: 1, worst: 2 };

/** The sums of one A4 level, per bucket (group x loss scenario), over the bucket's events in ascending frequency threshold. */
interface LevelSums {
  /** prefixBase[start[b] + b + k]: core + records of the first k events of bucket b that never reach the cap. */
  readonly prefixBase: Float64Array;
  /** The same for fines + ransom. */
  readonly prefixExtra: Float64Array;
  /** The bucket's events that can reach the cap (breakpoint below the largest multiplier), ascending threshold: from candidateStart[b]. */
  readonly candidateStart: Int32Array;
  readonly candidateThreshold: Float64Array;
  readonly candidateBreakpoint: Float64Array;
  readonly candidateBase: Float64Array;
  readonly candidateExtra: Float64Array;
}

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

/**
 * The what-if evaluator of a run with "I don't know" answers (ADR 268, ADR 309): one set of arrays
 * for every group of years, no per-group copy of the draws and no cache per frequency multiplier.
 * The events are sorted by (group, loss scenario) and, within that bucket, by frequency threshold,
 * so the events that happen at F are a prefix found by binary search. An event's loss is
 * min(cap, M x B_e + X_e) (`createAleEvaluator`); the events that can never reach the cap are summed
 * from prefix sums, the few that can (their breakpoint t_e below the largest multiplier) one by one.
 * A what-if of a group costs O(S log n) whatever its F, where the per-group evaluators of ADR 268
 * scanned the group's events for every new F (most Shapley steps). Same sums as `createAleEvaluator`
 * up to floating-point summation order.
 */
export function createGroupedAleEvaluator(
  draws: LossDraws,
  params: ModelParameters,
  groupOfSlot: Int32Array,
  groups: number,
): GroupedAleEvaluator {
  const n = draws.eventCount;
  const S = LOSS_SCENARIO_COUNT;
  const buckets = groups * S;
  const base = new Float64Array(n);
  for (let e = 0; e < n; e++) base[e] = (draws.coreLossUsd[e] as number) + (draws.recordsLossUsd[e] as number);
  const { start, order } = sortEventsByBucketAndThreshold(draws, groupOfSlot, buckets);
  const threshold = new Float64Array(n);
  for (let k = 0; k < n; k++) threshold[k] = draws.frequencyThreshold[order[k] as number] as number;
  const levels: (LevelSums | null)[] = [null, null, null];
  const sumsOf = (level: FactorLevel): LevelSums =>
    (levels[LEVEL_INDEX[level]] ??= sumLevel({ draws, params, base, start, order, threshold }, level));
  const cap = params.capPerEventUsd;
  const years = draws.years;

  const ofGroup = (
    group: number,
    frequency: Float64Array,
    severity: Float64Array,
    builderA4Level: number,
    byLossScenario?: Float64Array,
  ): number => {
    const sums = sumsOf(A4_LEVEL_OF_BUILDER_LEVEL[builderA4Level] as FactorLevel);
    let total = 0;
    for (let s = 0; s < S; s++) {
      const b = group * S + s;
      const f = frequency[s] as number;
      const m = severity[s] as number;
      const from = start[b] as number;
      const k = countAtMost(threshold, from, start[b + 1] as number, f);
      let part = m * (sums.prefixBase[from + b + k] as number) + (sums.prefixExtra[from + b + k] as number);
      const last = sums.candidateStart[b + 1] as number;
      for (let c = sums.candidateStart[b] as number; c < last && (sums.candidateThreshold[c] as number) <= f; c++) {
        part +=
          m <= (sums.candidateBreakpoint[c] as number) ? m * (sums.candidateBase[c] as number) + (sums.candidateExtra[c] as number) : cap;
      }
      if (byLossScenario !== undefined) byLossScenario[s] = (byLossScenario[s] as number) + part / years;
      total += part;
    }
    return total / years;
  };
  return { groups, ofGroup };
}

/**
 * Events in order of bucket (group x S + loss scenario), and of frequency threshold within a bucket;
 * bucket b is order[start[b]..start[b+1]). One sort of every event by threshold, then a stable
 * counting sort by bucket (cheaper than a sort per bucket).
 */
function sortEventsByBucketAndThreshold(
  draws: LossDraws,
  groupOfSlot: Int32Array,
  buckets: number,
): { start: Int32Array; order: Int32Array } {
  const n = draws.eventCount;
  const S = LOSS_SCENARIO_COUNT;
  const byThreshold = sortEventsByValue(draws.frequencyThreshold.subarray(0, n));
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

/** The number of values of the ascending `sorted[from..to)` that are <= x (the events that happen at F = x). */
function countAtMost(sorted: Float64Array, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - from;
}

interface SortedEvents {
  readonly draws: LossDraws;
  readonly params: ModelParameters;
  readonly base: Float64Array;
  readonly start: Int32Array;
  readonly order: Int32Array;
  readonly threshold: Float64Array;
}

/** Prefix sums of the events that never reach the cap at one A4 level, and the list of those that can, per bucket. */
function sumLevel({ draws, params, base, start, order, threshold }: SortedEvents, level: FactorLevel): LevelSums {
  const n = order.length;
  const buckets = start.length - 1;
  const maxM = params.severityMultiplierMax;
  const { extra, breakpoint } = computeEventExtras(draws, params, base, level);
  const prefixBase = new Float64Array(n + buckets);
  const prefixExtra = new Float64Array(n + buckets);
  const candidateStart = new Int32Array(buckets + 1);
  const candidates: number[] = [];
  for (let b = 0; b < buckets; b++) {
    let sumBase = 0;
    let sumExtra = 0;
    for (let k = start[b] as number; k < (start[b + 1] as number); k++) {
      const e = order[k] as number;
      if ((breakpoint[e] as number) < maxM) candidates.push(k);
      else {
        sumBase += base[e] as number;
        sumExtra += extra[e] as number;
      }
      prefixBase[k + b + 1] = sumBase;
      prefixExtra[k + b + 1] = sumExtra;
    }
    candidateStart[b + 1] = candidates.length;
  }
  const count = candidates.length;
  const candidateThreshold = new Float64Array(count);
  const candidateBreakpoint = new Float64Array(count);
  const candidateBase = new Float64Array(count);
  const candidateExtra = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    const k = candidates[c] as number;
    const e = order[k] as number;
    candidateThreshold[c] = threshold[k] as number;
    candidateBreakpoint[c] = breakpoint[e] as number;
    candidateBase[c] = base[e] as number;
    candidateExtra[c] = extra[e] as number;
  }
  return { prefixBase, prefixExtra, candidateStart, candidateThreshold, candidateBreakpoint, candidateBase, candidateExtra };
}
