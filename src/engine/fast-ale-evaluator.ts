import type { FactorLevel } from './factors.ts';
import type { LossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';

interface Slice {
  /** Sums over the events that happen at this F and stay under the cap at any severity multiplier. */
  readonly alwaysBase: number;
  readonly alwaysExtra: number;
  /** Breakpoints t_e (descending) of the other events: the event is uncapped iff M <= t_e. */
  readonly breakpoints: Float64Array;
  /** prefixBase[j] = sum of core + records of the first j of those events (severity-scaled part). */
  readonly prefixBase: Float64Array;
  /** prefixExtra[j] = sum of fines + ransom of the first j of those events. */
  readonly prefixExtra: Float64Array;
}

interface LevelData {
  readonly extra: Float64Array;
  readonly breakpoint: Float64Array;
  /** Per loss scenario: its events that can reach the cap at the largest severity multiplier, in ascending breakpoint order. */
  readonly candidates: readonly Int32Array[];
  readonly isCandidate: Uint8Array;
}

const LEVEL_INDEX: { readonly [L in FactorLevel]: number } = { best: 0, partial: 1, worst: 2 };

/** What every level and slice of one evaluator reads: the draws, the model and each event's severity-scaled base. */
interface EvaluatorContext {
  readonly draws: LossDraws;
  readonly params: ModelParameters;
  /** Core + records loss of each event at severity multiplier 1. */
  readonly base: Float64Array;
  /** The events of each loss scenario, in pool order. */
  readonly eventsOf: readonly Int32Array[];
}

/** Per event at one A4 level: X_e = fines (capped per regime) + ransom, and the breakpoint t_e = max(0, (cap - X_e) / B_e). */
export function computeEventExtras(draws: LossDraws, params: ModelParameters, base: Float64Array, level: FactorLevel): { extra: Float64Array; breakpoint: Float64Array } {
  const n = draws.eventCount;
  const cap = params.capPerEventUsd;
  const probabilities = params.fine.probabilityByA4[level];
  const caps = params.fine.capsByA4[level];
  const extra = new Float64Array(n);
  const breakpoint = new Float64Array(n);
  const rc = draws.regimeCount;
  for (let e = 0; e < n; e++) {
    let x = draws.ransomUsd[e] as number;
    for (let j = 0; j < rc; j++) {
      const k = e * rc + j;
      if ((draws.fineUniform[k] as number) < (probabilities[j] as number)) {
        const amount = draws.fineAmountUsd[k] as number;
        const c = caps[j] as number;
        x += amount > c ? c : amount;
      }
    }
    extra[e] = x;
    breakpoint[e] = Math.max(0, (cap - x) / (base[e] as number));
  }
  return { extra, breakpoint };
}

/** Per event at one A4 level: fines + ransom, the breakpoint t_e, and the events that can reach the cap. */
function prepareLevel({ draws, params, base }: EvaluatorContext, level: FactorLevel): LevelData {
  const n = draws.eventCount;
  const maxM = params.severityMultiplierMax;
  const { extra, breakpoint } = computeEventExtras(draws, params, base, level);
  const isCandidate = new Uint8Array(n);
  const candidateList: number[] = [];
  for (let e = 0; e < n; e++) {
    if ((breakpoint[e] as number) < maxM) {
      isCandidate[e] = 1;
      candidateList.push(e);
    }
  }
  const values = Float64Array.from(candidateList, (e) => breakpoint[e] as number);
  const order = sortEventsByValue(values);
  const sorted = Int32Array.from(order, (k) => candidateList[k] as number);
  const candidates = Array.from({ length: LOSS_SCENARIO_COUNT }, (_, s) => sorted.filter((e) => draws.lossScenario[e] === s));
  return { extra, breakpoint, candidates, isCandidate };
}

/** The arrays of a slice with no candidate event (read only). */
const NO_BREAKPOINTS = new Float64Array(0);
const ZERO_PREFIX = new Float64Array(1);

/** The sums of one (loss scenario, F, A4): its events that happen at F and are never capped, then the candidates in descending breakpoint order. */
function buildSlice({ draws, base, eventsOf }: EvaluatorContext, lossScenario: number, f: number, data: LevelData): Slice {
  const events = eventsOf[lossScenario] as Int32Array;
  let alwaysBase = 0;
  let alwaysExtra = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as number;
    if ((draws.frequencyThreshold[e] as number) > f || data.isCandidate[e] === 1) continue;
    alwaysBase += base[e] as number;
    alwaysExtra += data.extra[e] as number;
  }
  const c = data.candidates[lossScenario] as Int32Array;
  let count = 0;
  for (let r = 0; r < c.length; r++) if ((draws.frequencyThreshold[c[r] as number] as number) <= f) count += 1;
  // Most slices of a small group have no candidate at this F: share one empty set of arrays (hundreds of thousands of slices with 100 groups, ADR 268).
  if (count === 0) return { alwaysBase, alwaysExtra, breakpoints: NO_BREAKPOINTS, prefixBase: ZERO_PREFIX, prefixExtra: ZERO_PREFIX };
  const breakpoints = new Float64Array(count);
  const prefixBase = new Float64Array(count + 1);
  const prefixExtra = new Float64Array(count + 1);
  let k = 0;
  // Descending breakpoints: walk the ascending order backwards.
  for (let r = c.length - 1; r >= 0; r--) {
    const e = c[r] as number;
    if ((draws.frequencyThreshold[e] as number) > f) continue;
    breakpoints[k] = data.breakpoint[e] as number;
    prefixBase[k + 1] = (prefixBase[k] as number) + (base[e] as number);
    prefixExtra[k + 1] = (prefixExtra[k] as number) + (data.extra[e] as number);
    k += 1;
  }
  return { alwaysBase, alwaysExtra, breakpoints, prefixBase, prefixExtra };
}

/** The number of descending breakpoints t_e >= m (the uncapped events), by binary search. */
function countUncapped(t: Float64Array, m: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((t[mid] as number) >= m) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A fast expected-annual-loss function for attribution (thousands of
 * what-ifs) over answers without unknowns. Factor answers act only through
 * (F_s, M_s) per loss scenario s and A4. An event's loss is min(cap, M_s x
 * B_e + X_e) with B_e = core + records and X_e = fines(A4) + ransom, so it
 * is uncapped iff M_s <= t_e = (cap - X_e) / B_e. Events with t_e above the
 * largest multiplier are never capped and are simply summed; the few others
 * are kept in descending t_e order with prefix sums of B and X. For each
 * (s, F_s, A4) seen:
 * sum_e loss_e = M_s x (B_always + prefixB[j]) + X_always + prefixX[j] + cap x (n - j),
 * with j found by binary search. Each what-if costs O(S log n); the
 * optional `byLossScenario` receives each scenario's expected annual loss.
 * Results equal `computeExpectedAnnualLoss` up to floating-point summation
 * order (relative difference ~1e-12).
 */
export function createAleEvaluator(draws: LossDraws, params: ModelParameters): (scenario: Scenario, byLossScenario?: Float64Array) => number {
  const n = draws.eventCount;
  const cap = params.capPerEventUsd;
  const base = new Float64Array(n);
  for (let e = 0; e < n; e++) base[e] = (draws.coreLossUsd[e] as number) + (draws.recordsLossUsd[e] as number);
  const counts = new Int32Array(LOSS_SCENARIO_COUNT);
  for (let e = 0; e < n; e++) {
    const s = draws.lossScenario[e] as number;
    counts[s] = (counts[s] as number) + 1;
  }
  const eventsOf = Array.from(counts, (k) => new Int32Array(k));
  counts.fill(0);
  for (let e = 0; e < n; e++) {
    const s = draws.lossScenario[e] as number;
    (eventsOf[s] as Int32Array)[(counts[s] as number)++] = e;
  }
  const context: EvaluatorContext = { draws, params, base, eventsOf };
  const levels: (LevelData | null)[] = [null, null, null];
  const slices = Array.from({ length: LOSS_SCENARIO_COUNT }, () => new Map<number, (Slice | null)[]>());
  const levelData = (level: FactorLevel): LevelData => (levels[LEVEL_INDEX[level]] ??= prepareLevel(context, level));
  const sliceOf = (s: number, f: number, level: FactorLevel): Slice => {
    const byF = slices[s] as Map<number, (Slice | null)[]>;
    let byLevel = byF.get(f);
    if (byLevel === undefined) {
      byLevel = [null, null, null];
      byF.set(f, byLevel);
    }
    return (byLevel[LEVEL_INDEX[level]] ??= buildSlice(context, s, f, levelData(level)));
  };

  return (scenario: Scenario, byLossScenario?: Float64Array): number => {
    let total = 0;
    for (let s = 0; s < LOSS_SCENARIO_COUNT; s++) {
      const slice = sliceOf(s, scenario.frequencyByLossScenario[s] as number, scenario.a4Level);
      const m = scenario.severityByLossScenario[s] as number;
      const t = slice.breakpoints;
      const lo = countUncapped(t, m);
      const part = m * (slice.alwaysBase + (slice.prefixBase[lo] as number)) + slice.alwaysExtra + (slice.prefixExtra[lo] as number) + cap * (t.length - lo);
      if (byLossScenario !== undefined) byLossScenario[s] = part / draws.years;
      total += part;
    }
    return total / draws.years;
  };
}

/**
 * Event indices in ascending order of a non-negative value. Packs each index into the
 * low mantissa bits of its (positive) loss so one native numeric sort does
 * the work, then repairs the order with an insertion pass on the exact
 * values (packing can only swap values within ~1e-9 of each other).
 */
function sortEventsByValue(core: Float64Array): Int32Array {
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
