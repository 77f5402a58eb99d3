import type { V1Figures, V1Result, V1RiskBand } from '@/contracts/public-api.ts';
import { FACTOR_IDS, getFactor } from '@/engine/factors.ts';
import type { FactorId } from '@/engine/factors.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { RISK_BANDS } from '@/engine/risk-score.ts';
import { formatPercent, formatUsdShort } from './format.ts';
import { readRequiredReasons } from './read-fix-plan.ts';
import { readLossScenarios, readParameterUncertainty } from './read-loss-scenarios.ts';
import { readResult } from './read-result.ts';
import { controlName } from './control-names.ts';
import type { KeyFigures } from './key-figures.ts';
import { isFiniteNumber, isRecord } from './stored-values.ts';

/**
 * A stored result as the public API (/api/v1, ADR 228) answers it: the headline figures, the
 * drivers, scenarios and fixes in a flat, documented shape. Read through the same adapters as the
 * board reports, so a result stored by an older model shows its own figures and leaves out what it
 * lacks (an empty list, a null range) instead of inventing any.
 */

const MAX_DRIVERS = 5;

/** The six headline figures of one engine run. */
export function toV1Figures(result: RiskResult): V1Figures {
  const view = readResult(result);
  return {
    expectedAnnualLossUsd: view.aleUsd,
    probabilityOfIncident: view.probabilityOfAnyEvent,
    typicalIncidentUsd: view.eventMedianUsd,
    severeIncidentUsd: view.eventP95Usd,
    oneIn20YearUsd: view.percentilesUsd.p95,
    oneIn100YearUsd: view.percentilesUsd.p99,
  };
}

/** The band of a stored result; its label is the engine's current one for that band. */
export function toV1RiskBand(result: RiskResult): V1RiskBand {
  const band = RISK_BANDS.find((b) => b.id === result.riskScore.band);
  if (!band) throw new Error(`stored result has an unknown risk band: ${String(result.riskScore.band)}`);
  return { id: band.id, label: band.label };
}

const isFactorId = (value: unknown): value is FactorId => typeof value === 'string' && (FACTOR_IDS as readonly string[]).includes(value);

/**
 * The answers that move the expected loss most against the average answer: the Shapley
 * contributions (they sum to the difference from an all-average posture), largest first.
 */
function topDrivers(result: RiskResult): V1Result['topDrivers'] {
  const attribution: unknown = result.attribution;
  if (!isRecord(attribution) || !isRecord(attribution.shapley) || !Array.isArray(attribution.shapley.contributions)) return [];
  return attribution.shapley.contributions
    .filter(isRecord)
    .flatMap((c) =>
      isFactorId(c.factorId) && isFiniteNumber(c.contributionUsd) && c.contributionUsd !== 0
        ? [{ factorId: c.factorId, contributionUsd: c.contributionUsd }]
        : [],
    )
    .sort((a, b) => Math.abs(b.contributionUsd) - Math.abs(a.contributionUsd))
    .slice(0, MAX_DRIVERS)
    .map((c) => ({
      factorId: c.factorId,
      label: getFactor(c.factorId).name,
      effectUsd: Math.abs(c.contributionUsd),
      direction: c.contributionUsd > 0 ? ('raises' as const) : ('lowers' as const),
    }));
}

/** The fixes that pay for themselves at typical prices (the engine's worth-it list), with whether each is also required. */
function recommendations(result: RiskResult): V1Result['recommendations'] {
  const worthIt: unknown[] = Array.isArray(result.recommendations) ? result.recommendations : [];
  return worthIt.flatMap((value) => {
    if (
      !isRecord(value) ||
      !isFactorId(value.factorId) ||
      !isFiniteNumber(value.annualLossReductionUsd) ||
      !isRecord(value.annualCostUsd) ||
      !isFiniteNumber(value.annualCostUsd.midUsd)
    )
      return [];
    return [
      {
        factorId: value.factorId,
        label: controlName(value.factorId),
        savingUsd: value.annualLossReductionUsd,
        costUsd: value.annualCostUsd.midUsd,
        required: readRequiredReasons(value.required).length > 0,
      },
    ];
  });
}

/** Every control required by a framework or the insurer: the engine's own list (ADR 312), largest saving first. */
function requiredControls(result: RiskResult): V1Result['requiredControls'] {
  const required: unknown[] = Array.isArray(result.requiredControls) ? result.requiredControls : [];
  return required.flatMap((value) => {
    if (!isRecord(value) || !isFactorId(value.factorId) || !isFiniteNumber(value.annualLossReductionUsd) || !isFiniteNumber(value.returnOnSecurityInvestment) || !isRecord(value.annualCostUsd))
      return [];
    const cost = value.annualCostUsd;
    const reasons = readRequiredReasons(value.required);
    if (reasons.length === 0 || !isFiniteNumber(cost.midUsd) || !isFiniteNumber(cost.lowUsd) || !isFiniteNumber(cost.highUsd)) return [];
    return [
      {
        factorId: value.factorId,
        label: controlName(value.factorId),
        requiredBy: [...new Set(reasons.map((r) => r.requiredBy))],
        reasons: reasons.map((r) => r.reason),
        savingUsd: value.annualLossReductionUsd,
        costUsd: cost.midUsd,
        costLowUsd: cost.lowUsd,
        costHighUsd: cost.highUsd,
        // The engine's split: a control pays for itself when its return at the typical price is 0 or more.
        paysForItself: value.returnOnSecurityInvestment >= 0,
      },
    ];
  });
}

/** The pack's key figures and priced options as it prints them (key-figures.ts). */
function toV1Decision(key: KeyFigures): V1Result['decision'] {
  return {
    expectedLoss: key.expectedLoss.text,
    uninsuredOneInHundredYear: key.uninsuredOneInHundred.text,
    coveredShareOfOneInHundredYear: key.coveredShareOneInHundred.text,
    paysForItself: key.paysForItself.text,
    payback: key.payback.text,
    budgetUsd: key.options?.budgetUsd ?? null,
    options: (key.options?.options ?? []).map((o) => ({
      id: o.id,
      letter: o.letter,
      title: o.title,
      controls: o.controls.map((c) => ({ factorId: c.factorId, label: c.name })),
      annualCostUsd: o.annualCostMidUsd,
      annualCostLowUsd: o.annualCostLowUsd,
      annualCostHighUsd: o.annualCostHighUsd,
      savingUsd: o.savingUsd,
      expectedLossLeftUsd: o.expectedLossLeftUsd,
      oneInTwentyYearLeftUsd: o.oneInTwentyLeftUsd,
      oneInHundredYearLeftUsd: o.oneInHundredLeftUsd,
      isWithinAppetite: o.isWithinAppetite,
      line: o.line,
      cells: [...o.cells],
    })),
  };
}

/** Two plain sentences: how much and how likely, then the band and the best next step. */
function summarize(figures: V1Figures, band: V1RiskBand, fixes: V1Result['recommendations']): string {
  const first = `The expected annual loss from cyber incidents is ${formatUsdShort(figures.expectedAnnualLossUsd)}, with a ${formatPercent(figures.probabilityOfIncident)} chance of at least one incident a year.`;
  const best = fixes[0];
  const second = best
    ? `The risk is rated ${band.label.toLowerCase()}; the fix that removes most is ${best.label.toLowerCase()}, about ${formatUsdShort(best.savingUsd)} a year.`
    : `The risk is rated ${band.label.toLowerCase()}; no control pays for itself at typical prices.`;
  return `${first} ${second}`;
}

/** GET /api/v1/assessments/:id/result, from a completed assessment's stored result. */
export function toV1Result(assessment: { id: string; title: string; completedAt: string }, result: RiskResult, key: KeyFigures): V1Result {
  const figures = toV1Figures(result);
  const riskBand = toV1RiskBand(result);
  const fixes = recommendations(result);
  const uncertainty = readParameterUncertainty(result);
  return {
    assessmentId: assessment.id,
    title: assessment.title,
    completedAt: assessment.completedAt,
    engineVersion: result.engineVersion,
    figures,
    range: uncertainty ? { lowUsd: uncertainty.expectedAnnualLossUsd.low, highUsd: uncertainty.expectedAnnualLossUsd.high } : null,
    riskBand,
    topDrivers: topDrivers(result),
    scenarios: (readLossScenarios(result) ?? []).map((s) => ({
      id: s.id,
      label: s.label,
      expectedAnnualLossUsd: s.expectedAnnualLossUsd,
      share: s.share,
      annualProbability: s.annualProbability,
    })),
    recommendations: fixes,
    requiredControls: requiredControls(result),
    decision: toV1Decision(key),
    summary: summarize(figures, riskBand, fixes),
  };
}
