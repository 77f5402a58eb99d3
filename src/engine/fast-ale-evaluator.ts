import type { FactorLevel } from './factors.ts';
import type { LossDraws } from './loss-draws.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';

interface FrequencySlice {
  /** Core losses (at severity multiplier 1) of the events that happen at this F, ascending. */
  readonly sortedCore: Float64Array;
  /** prefix[j] = sum of the j smallest core losses. */
  readonly prefix: Float64Array;
  /** Sum of fines + ransoms of those events, by A4 level. */
  readonly extraByA4: { readonly [L in FactorLevel]: number };
}

/**
 * A fast expected-annual-loss function for attribution (thousands of
 * what-ifs). Factor answers act only through (F, M, A4), and F takes at
 * most 27 values (3 frequency factors x 3 levels), so for each F seen we
 * sort the core losses of the events that happen once; then
 * sum_e min(M x core_e, cap) = M x prefix[j] + cap x (n - j), with j found
 * by binary search. Each what-if costs O(log events) instead of a pass.
 * Results equal `computeExpectedAnnualLoss` up to floating-point summation
 * order (relative difference ~1e-12).
 */
export function createAleEvaluator(draws: LossDraws, params: ModelParameters): (scenario: Scenario) => number {
  const n = draws.eventCount;
  const order = sortEventsByCoreLoss(draws.coreLossUsd);
  const cache = new Map<number, FrequencySlice>();
  const fine = params.fine;

  const buildSlice = (f: number): FrequencySlice => {
    let count = 0;
    for (let e = 0; e < n; e++) if ((draws.frequencyThreshold[e] as number) <= f) count += 1;
    const sortedCore = new Float64Array(count);
    const prefix = new Float64Array(count + 1);
    let k = 0;
    for (let r = 0; r < n; r++) {
      const e = order[r] as number;
      if ((draws.frequencyThreshold[e] as number) > f) continue;
      sortedCore[k] = draws.coreLossUsd[e] as number;
      prefix[k + 1] = (prefix[k] as number) + (sortedCore[k] as number);
      k += 1;
    }
    // Fines and ransoms of the events that happen, for the three A4 levels in one pass.
    const levels: readonly FactorLevel[] = ['best', 'partial', 'worst'];
    const extras = [0, 0, 0];
    for (let e = 0; e < n; e++) {
      if ((draws.frequencyThreshold[e] as number) > f) continue;
      const ransom = draws.ransomUsd[e] as number;
      const u = draws.fineUniform[e] as number;
      const regime = draws.fineRegimeIndex[e] as number;
      for (let l = 0; l < 3; l++) {
        const level = levels[l] as FactorLevel;
        let amount = 0;
        if (u < fine.probabilityByA4[level]) {
          amount = draws.fineAmountUsd[e] as number;
          const cap = fine.capsByA4[level][regime] as number;
          if (amount > cap) amount = cap;
        }
        extras[l] = (extras[l] as number) + amount + ransom;
      }
    }
    return { sortedCore, prefix, extraByA4: { best: extras[0] as number, partial: extras[1] as number, worst: extras[2] as number } };
  };

  return (scenario: Scenario): number => {
    let slice = cache.get(scenario.frequencyMultiplier);
    if (slice === undefined) {
      slice = buildSlice(scenario.frequencyMultiplier);
      cache.set(scenario.frequencyMultiplier, slice);
    }
    const m = scenario.severityMultiplier;
    const cap = params.capPerEventUsd;
    const core = slice.sortedCore;
    let lo = 0;
    let hi = core.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (m * (core[mid] as number) <= cap) lo = mid + 1;
      else hi = mid;
    }
    const total = m * (slice.prefix[lo] as number) + cap * (core.length - lo) + slice.extraByA4[scenario.a4Level];
    return total / draws.years;
  };
}

/**
 * Event indices in ascending order of core loss. Packs each index into the
 * low mantissa bits of its (positive) loss so one native numeric sort does
 * the work, then repairs the order with an insertion pass on the exact
 * values (packing can only swap values within ~1e-9 of each other).
 */
function sortEventsByCoreLoss(core: Float64Array): Int32Array {
  const n = core.length;
  const order = new Int32Array(n);
  if (n === 0) return order;
  const bits = Math.max(1, Math.ceil(Math.log2(n + 1)));
  const mask = bits >= 32 ? 0xffffffff : 2 ** bits - 1;
  const packed = Float64Array.from(core);
  const words = new Uint32Array(packed.buffer);
  // Little-endian: word 2i is the low half of the mantissa (true on every JS engine we target).
  for (let i = 0; i < n; i++) words[2 * i] = ((((words[2 * i] as number) & ~mask) >>> 0) | i) >>> 0;
  packed.sort();
  for (let k = 0; k < n; k++) order[k] = ((words[2 * k] as number) & mask) >>> 0;
  for (let k = 1; k < n; k++) {
    const e = order[k] as number;
    const value = core[e] as number;
    let j = k - 1;
    while (j >= 0 && (core[order[j] as number] as number) > value) {
      order[j + 1] = order[j] as number;
      j -= 1;
    }
    order[j + 1] = e;
  }
  return order;
}
