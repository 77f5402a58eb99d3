import type { LossDraws } from './loss-draws.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';
import type { InsurancePolicy } from './risk-input.ts';

/** Cost categories of the breakdown (IBM's four cost centres, then fines and ransom). */
export const COST_CATEGORIES = [
  { id: 'detectionAndEscalation', label: 'Detection & escalation' },
  { id: 'notification', label: 'Notification' },
  { id: 'postBreachResponse', label: 'Post-breach response' },
  { id: 'lostBusiness', label: 'Lost business' },
  { id: 'regulatoryFines', label: 'Regulatory fines' },
  { id: 'ransom', label: 'Ransom / extortion' },
] as const;
/** A cost category id. */
export type CostCategoryId = (typeof COST_CATEGORIES)[number]['id'];

/** Per-year and per-event losses of one scenario over the common random numbers. */
export interface ScenarioLosses {
  /** Gross annual loss of the years with at least one event, in year order (USD); every other year lost 0. */
  readonly nonZeroAnnualLossUsd: Float64Array;
  /** Total loss of every event that happened, in year order (USD). */
  readonly eventLossUsd: Float64Array;
  /** Sum over all years of each cost category (USD), in `COST_CATEGORIES` order. */
  readonly categoryTotalsUsd: Float64Array;
  /** Sum over all years of fines per fine regime (USD), in `ModelParameters.fine.regimes` order. */
  readonly fineTotalsByRegimeUsd: Float64Array;
  /** Net annual loss after insurance of the same years, when a policy is given. */
  readonly netNonZeroAnnualLossUsd: Float64Array | null;
}

/**
 * Expected annual loss of a scenario: one pass over the event pool with no
 * allocation (used for what-ifs). Same arithmetic per event as
 * `evaluateScenario`.
 */
export function computeExpectedAnnualLoss(draws: LossDraws, params: ModelParameters, scenario: Scenario): number {
  const { frequencyThreshold, coreLossUsd, fineUniform, fineAmountUsd, fineRegimeIndex, ransomUsd } = draws;
  const f = scenario.frequencyMultiplier;
  const m = scenario.severityMultiplier;
  const cap = params.capPerEventUsd;
  const pFine = params.fine.probabilityByA4[scenario.a4Level];
  const caps = params.fine.capsByA4[scenario.a4Level];
  let total = 0;
  for (let e = 0; e < draws.eventCount; e++) {
    if ((frequencyThreshold[e] as number) > f) continue;
    let core = m * (coreLossUsd[e] as number);
    if (core > cap) core = cap;
    let fine = 0;
    if ((fineUniform[e] as number) < pFine) {
      fine = fineAmountUsd[e] as number;
      const fineCap = caps[fineRegimeIndex[e] as number] as number;
      if (fine > fineCap) fine = fineCap;
    }
    total += core + fine + (ransomUsd[e] as number);
  }
  return total / draws.years;
}

/**
 * Expected annual losses of several scenarios (e.g. the score's all-best,
 * average and all-worst anchors), each as `computeExpectedAnnualLoss`.
 */
export function computeExpectedAnnualLosses(draws: LossDraws, params: ModelParameters, scenarios: readonly Scenario[]): number[] {
  // Separate tight passes measured faster than one pass with an inner loop over scenarios.
  return scenarios.map((scenario) => computeExpectedAnnualLoss(draws, params, scenario));
}

/**
 * Full evaluation of a scenario (with the cost split from `drawCostShares`): annual losses, per-event losses, category
 * and regime totals and, with a policy, net losses (per-event retention,
 * coinsurance, annual aggregate limit; the policy is assumed to cover every
 * cost category).
 */
export function evaluateScenario(draws: LossDraws, params: ModelParameters, scenario: Scenario, costShares: Float64Array, insurance?: InsurancePolicy): ScenarioLosses {
  const { eventYear, frequencyThreshold, coreLossUsd, fineUniform, fineAmountUsd, fineRegimeIndex, ransomUsd } = draws;
  const f = scenario.frequencyMultiplier;
  const m = scenario.severityMultiplier;
  const cap = params.capPerEventUsd;
  const pFine = params.fine.probabilityByA4[scenario.a4Level];
  const caps = params.fine.capsByA4[scenario.a4Level];
  let included = 0;
  for (let e = 0; e < draws.eventCount; e++) if ((frequencyThreshold[e] as number) <= f) included += 1;
  // At most one non-zero year per event that happens.
  const yearLoss = new Float64Array(included);
  const yearNet = insurance === undefined ? null : new Float64Array(included);
  const eventLossUsd = new Float64Array(included);
  const categoryTotalsUsd = new Float64Array(6);
  const fineTotalsByRegimeUsd = new Float64Array(params.fine.regimes.length);
  const retention = insurance?.retentionUsd ?? 0;
  const keep = insurance?.coinsuranceShare ?? 0;
  const limit = insurance?.limitUsd ?? 0;
  let remainingLimit = limit;
  let currentYear = -1;
  let slot = -1;
  let k = 0;
  for (let e = 0; e < draws.eventCount; e++) {
    if ((frequencyThreshold[e] as number) > f) continue;
    let core = m * (coreLossUsd[e] as number);
    if (core > cap) core = cap;
    let fine = 0;
    if ((fineUniform[e] as number) < pFine) {
      fine = fineAmountUsd[e] as number;
      const regime = fineRegimeIndex[e] as number;
      const fineCap = caps[regime] as number;
      if (fine > fineCap) fine = fineCap;
      fineTotalsByRegimeUsd[regime] = (fineTotalsByRegimeUsd[regime] as number) + fine;
    }
    const ransom = ransomUsd[e] as number;
    const loss = core + fine + ransom;
    const y = eventYear[e] as number;
    if (y !== currentYear) {
      currentYear = y;
      slot += 1;
      remainingLimit = limit;
    }
    yearLoss[slot] = (yearLoss[slot] as number) + loss;
    eventLossUsd[k] = loss;
    k += 1;
    const s = e * 4;
    categoryTotalsUsd[0] = (categoryTotalsUsd[0] as number) + core * (costShares[s] as number);
    categoryTotalsUsd[1] = (categoryTotalsUsd[1] as number) + core * (costShares[s + 1] as number);
    categoryTotalsUsd[2] = (categoryTotalsUsd[2] as number) + core * (costShares[s + 2] as number);
    categoryTotalsUsd[3] = (categoryTotalsUsd[3] as number) + core * (costShares[s + 3] as number);
    categoryTotalsUsd[4] = (categoryTotalsUsd[4] as number) + fine;
    categoryTotalsUsd[5] = (categoryTotalsUsd[5] as number) + ransom;
    if (yearNet !== null) {
      let recovered = Math.max(0, loss - retention) * (1 - keep);
      if (recovered > remainingLimit) recovered = remainingLimit;
      remainingLimit -= recovered;
      yearNet[slot] = (yearNet[slot] as number) + loss - recovered;
    }
  }
  const nonZeroAnnualLossUsd = yearLoss.slice(0, slot + 1);
  const netNonZeroAnnualLossUsd = yearNet === null ? null : yearNet.slice(0, slot + 1);
  return { nonZeroAnnualLossUsd, eventLossUsd, categoryTotalsUsd, fineTotalsByRegimeUsd, netNonZeroAnnualLossUsd };
}

/**
 * Writes the non-zero annual losses of a scenario into `out` (in year order)
 * and returns how many there are; every other simulated year has no loss.
 * Cheaper than a full annual array for percentile what-ifs.
 */
export function collectNonZeroAnnualLosses(draws: LossDraws, params: ModelParameters, scenario: Scenario, out: Float64Array): number {
  const { eventYear, frequencyThreshold, coreLossUsd, fineUniform, fineAmountUsd, fineRegimeIndex, ransomUsd } = draws;
  const f = scenario.frequencyMultiplier;
  const m = scenario.severityMultiplier;
  const cap = params.capPerEventUsd;
  const pFine = params.fine.probabilityByA4[scenario.a4Level];
  const caps = params.fine.capsByA4[scenario.a4Level];
  let count = 0;
  let currentYear = -1;
  for (let e = 0; e < draws.eventCount; e++) {
    if ((frequencyThreshold[e] as number) > f) continue;
    let core = m * (coreLossUsd[e] as number);
    if (core > cap) core = cap;
    let fine = 0;
    if ((fineUniform[e] as number) < pFine) {
      fine = fineAmountUsd[e] as number;
      const fineCap = caps[fineRegimeIndex[e] as number] as number;
      if (fine > fineCap) fine = fineCap;
    }
    const loss = core + fine + (ransomUsd[e] as number);
    const y = eventYear[e] as number;
    if (y !== currentYear) {
      currentYear = y;
      out[count] = loss;
      count += 1;
    } else {
      out[count - 1] = (out[count - 1] as number) + loss;
    }
  }
  return count;
}
