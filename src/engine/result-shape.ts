import { splitRecommendations } from './recommendations.ts';
import type { Recommendation } from './recommendations.ts';
import type { InsuranceView, RiskResult } from './risk-result.ts';

/**
 * Two rules of a result's shape that a stored result written before them is read with (ADR 312,
 * 313), so every reader (the app's API, the reports, the public API, the action plan) sees one
 * shape whatever version stored it: the required controls in a list of their own, never inside
 * "not worth it", and one uninsured figure for a 1-in-100 year. Both are re-derived from what the
 * result already stores; no simulated figure changes, and a result that has them reads unchanged.
 */

/**
 * The policy's share of a 1-in-100 year from what stays with the organisation in it: the 1-in-100
 * year of the loss kept after insurance (the net P99, the reports' one uninsured figure,
 * src/reports/key-figures.ts), or the whole loss without a policy.
 */
export function coverOfOneInHundredYear(
  oneInHundredYearLossUsd: number,
  keptUsd: number,
): Pick<InsuranceView, 'recoveredInOneInHundredYearUsd' | 'coveredShareOfOneInHundredYear' | 'uncoveredInOneInHundredYearUsd'> {
  const recovered = Math.max(0, oneInHundredYearLossUsd - keptUsd);
  return {
    recoveredInOneInHundredYearUsd: recovered,
    coveredShareOfOneInHundredYear: oneInHundredYearLossUsd > 0 ? recovered / oneInHundredYearLossUsd : 1,
    uncoveredInOneInHundredYearUsd: oneInHundredYearLossUsd - recovered,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A stored list of recommendations (or null/absent), as stored: rows checked to be objects, typed as the engine's. */
function storedList(value: unknown): Recommendation[] | null {
  return Array.isArray(value) ? value.filter(isRecord).map((r) => r as unknown as Recommendation) : null;
}

/** The required controls out of "not worth it" and into their own list, by the engine's own rule (recommendations.ts). */
function withRequiredControls(result: RiskResult): RiskResult {
  const stored = result as Partial<RiskResult>;
  if (stored.requiredControls !== undefined) return result;
  const worthIt = storedList(stored.recommendations);
  if (worthIt === null) return { ...result, requiredControls: null };
  const notWorthIt = storedList(stored.recommendationsNotWorthIt);
  // A 1.0.0 result has no "not worth it" list and marked no control required: both stay absent
  // ("not available"), and the result reads exactly as it was stored.
  if (notWorthIt === null) return result;
  // The two lists are each ranked by saving per dollar and split at a return of 0, so one after the other they are in that order.
  const lists = splitRecommendations([...worthIt, ...notWorthIt]);
  return { ...result, recommendationsNotWorthIt: lists.notWorthIt, requiredControls: lists.required };
}

/** The insurance view's uninsured 1-in-100 year (and what the policy pays of it) re-derived from the net P99 the reports print. */
function withOneUninsuredFigure(result: RiskResult): RiskResult {
  const view: unknown = (result as Partial<RiskResult>).insuranceView;
  if (!isRecord(view) || !isFiniteNumber(view.oneInHundredYearLossUsd)) return result;
  const insurance: unknown = result.insurance;
  const kept = insurance === null ? view.oneInHundredYearLossUsd : isRecord(insurance) && isRecord(insurance.netPercentilesUsd) ? insurance.netPercentilesUsd.p99 : null;
  if (!isFiniteNumber(kept)) return result;
  return { ...result, insuranceView: { ...(view as unknown as InsuranceView), ...coverOfOneInHundredYear(view.oneInHundredYearLossUsd, kept) } };
}

/** A stored result in the current shape (ADR 312, 313): what the repository hands every reader. */
export function readStoredResultShape(result: RiskResult): RiskResult {
  return withOneUninsuredFigure(withRequiredControls(result));
}
