import { COST_CATEGORIES } from './evaluate-scenario.ts';
import type { CostCategoryId } from './evaluate-scenario.ts';
import type { LossDraws } from './loss-draws.ts';
import { LOSS_SCENARIOS, LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import type { LossScenarioId } from './loss-scenarios.ts';
import { selectKth } from './summarize-losses.ts';

/** One named loss scenario in the result (ADR 223). */
export interface LossScenarioResult {
  readonly id: LossScenarioId;
  readonly label: string;
  /** Expected annual loss from this scenario, USD; the five sum exactly to `annualLoss.expectedUsd`. */
  readonly expectedAnnualLossUsd: number;
  /** Share of the expected annual loss, in [0, 1]. */
  readonly share: number;
  /** P(at least one such incident in a year). */
  readonly annualProbability: number;
  /** Median cost of one such incident (over the run's pool of potential incidents of this scenario), USD. */
  readonly medianCostIfItHappensUsd: number;
  /** 95th percentile cost of one such incident, USD. */
  readonly p95CostIfItHappensUsd: number;
  /** Expected annual loss of this scenario by cost category (`COST_CATEGORIES` order). */
  readonly costBreakdown: readonly { readonly category: CostCategoryId; readonly expectedAnnualUsd: number }[];
}

/** What `evaluateScenario` accumulates per loss scenario. */
interface ScenarioTotals {
  readonly eventLossUsd: Float64Array;
  readonly scenarioTotalsUsd: Float64Array;
  readonly scenarioCategoryTotalsUsd: Float64Array;
  readonly scenarioYearCounts: Float64Array;
}

/** Nearest-rank percentile of `values` (reordered in place by selection, searching from index `from` on). */
function percentileInPlace(values: Float64Array, p: number, from: number): number {
  if (values.length === 0) return 0;
  const k = Math.max(0, Math.ceil(p * values.length) - 1);
  selectKth(values, from, values.length - 1, k);
  return values[k] as number;
}

/**
 * Per-scenario expected losses that add up to `totalUsd` exactly in index
 * order (a floating-point sum of separately divided parts can miss by an
 * ulp). The largest part takes the remainder, stepped ulp by ulp; if rounding
 * of the partial sums skips the total, the last part takes it (stepping the
 * last addend never skips a representable sum, as its ulp is at most the total's).
 */
export function splitExactly(partsUsd: Float64Array, totalUsd: number): Float64Array {
  const out = Float64Array.from(partsUsd);
  let largest = 0;
  for (let s = 1; s < out.length; s++) if ((out[s] as number) > (out[largest] as number)) largest = s;
  for (const k of [largest, out.length - 1]) {
    const original = out[k] as number;
    if (absorbRemainder(out, k, totalUsd)) return out;
    out[k] = original;
  }
  return out;
}

/** Moves part k until the ordered sum equals the total; false when it cannot. */
function absorbRemainder(out: Float64Array, k: number, totalUsd: number): boolean {
  const sum = (): number => out.reduce((acc, x) => acc + x, 0);
  out[k] = (out[k] as number) + (totalUsd - sum());
  for (let i = 0; i < 64 && sum() !== totalUsd; i++) out[k] = stepUlp(out[k] as number, sum() < totalUsd ? 1 : -1);
  return sum() === totalUsd;
}

/** The neighbouring double of x, up (+1) or down (-1). */
function stepUlp(x: number, direction: 1 | -1): number {
  if (x === 0) return direction * Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, bits + BigInt(x > 0 ? direction : -direction));
  return view.getFloat64(0);
}

/** The loss scenarios of a run: expected loss, share, annual probability, cost if it happens and breakdown. */
export function buildLossScenarioResults(draws: LossDraws, losses: ScenarioTotals, expectedAnnualLossUsd: number): LossScenarioResult[] {
  const years = draws.years;
  const expected = splitExactly(
    losses.scenarioTotalsUsd.map((t) => t / years),
    expectedAnnualLossUsd,
  );
  const counts = new Int32Array(LOSS_SCENARIO_COUNT);
  for (let e = 0; e < draws.eventCount; e++) {
    const s = draws.lossScenario[e] as number;
    counts[s] = (counts[s] as number) + 1;
  }
  const pools = Array.from(counts, (n) => new Float64Array(n));
  counts.fill(0);
  for (let e = 0; e < draws.eventCount; e++) {
    const s = draws.lossScenario[e] as number;
    (pools[s] as Float64Array)[(counts[s] as number)++] = losses.eventLossUsd[e] as number;
  }
  const C = COST_CATEGORIES.length;
  return LOSS_SCENARIOS.map((definition, s) => {
    const pool = pools[s] as Float64Array;
    const median = percentileInPlace(pool, 0.5, 0);
    // After the median's selection everything above its index is at least the median: select the P95 there.
    const p95 = percentileInPlace(pool, 0.95, Math.max(0, Math.ceil(0.5 * pool.length) - 1));
    const value = expected[s] as number;
    return {
      id: definition.id,
      label: definition.label,
      expectedAnnualLossUsd: value,
      share: expectedAnnualLossUsd > 0 ? value / expectedAnnualLossUsd : 0,
      annualProbability: years > 0 ? (losses.scenarioYearCounts[s] as number) / years : 0,
      medianCostIfItHappensUsd: median,
      p95CostIfItHappensUsd: p95,
      costBreakdown: COST_CATEGORIES.map((c, i) => ({
        category: c.id,
        expectedAnnualUsd: (losses.scenarioCategoryTotalsUsd[s * C + i] as number) / years,
      })),
    };
  });
}
