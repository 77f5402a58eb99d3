import { LOSS_SCENARIO_IDS } from '@/engine/loss-scenarios.ts';
import type { LossScenarioId } from '@/engine/loss-scenarios.ts';
import type { LossScenarioResult } from '@/engine/loss-scenario-results.ts';
import { isRecord, isFiniteNumber } from './stored-values.ts';

/**
 * Reads the named loss scenarios, the savings of fixes per scenario and the two ranges (parameter
 * uncertainty, "I don't know" answers) from a stored result. All were added by risk model 3.0
 * (ADR 208): results stored by 1.0.0 and 2.0.0 lack them, so they are read defensively here and
 * come back as null; every format then leaves the part out instead of inventing a figure.
 */

/** One named loss scenario as the reports and the results page show it: the engine's figures, its cost categories read as stored. */
export interface LossScenarioView extends Omit<LossScenarioResult, 'costBreakdown'> {
  /** Expected annual loss of this scenario by cost category: the rows the workbook sums. */
  readonly costBreakdown: readonly { readonly category: string; readonly expectedAnnualUsd: number }[];
}

/** What one fix removes from one scenario's expected annual loss. */
export interface ScenarioSavingView {
  readonly scenarioId: LossScenarioId;
  readonly annualLossReductionUsd: number;
}

/** A figure's calibrated value and its 80% range over the parameter draws. */
export interface UncertaintyRangeView {
  readonly low: number;
  readonly central: number;
  readonly high: number;
}

/** The spread of the headline figures when the model's own inputs move within their sourced ranges. */
export interface ParameterUncertaintyView {
  /** Share of parameter draws inside the range (0.8: the 10th to 90th percentile). */
  readonly level: number;
  readonly outerDraws: number;
  readonly method: string;
  readonly expectedAnnualLossUsd: UncertaintyRangeView;
  readonly oneInTwentyYearUsd: UncertaintyRangeView;
  readonly oneInHundredYearUsd: UncertaintyRangeView;
  readonly sources: readonly { readonly parameter: string; readonly range: string; readonly source: string }[];
  /** The bridge between IRIS frequency and NetDiligence cost (model 3.1, ADR 264); null for results stored before it. */
  readonly populationBridge: PopulationBridgeView | null;
}

/** IRIS's median incident at this revenue against the model's at average answers, and their ratio (≥ 1). */
export interface PopulationBridgeView {
  readonly irisMedianUsd: number;
  readonly modelMedianUsd: number;
  readonly ratio: number;
}

function readPopulationBridge(value: unknown): PopulationBridgeView | null {
  if (!isRecord(value) || !isFiniteNumber(value.irisMedianUsd) || !isFiniteNumber(value.modelMedianUsd) || !isFiniteNumber(value.ratio)) return null;
  return { irisMedianUsd: value.irisMedianUsd, modelMedianUsd: value.modelMedianUsd, ratio: value.ratio };
}

/** The expected loss with every "I don't know" answered best (low) and worst (high). */
export interface UnknownAnswersRangeView {
  readonly low: number;
  readonly high: number;
}

const isScenarioId = (value: unknown): value is LossScenarioId =>
  typeof value === 'string' && (LOSS_SCENARIO_IDS as readonly string[]).includes(value);

function readScenario(value: unknown): LossScenarioView | null {
  if (!isRecord(value) || !isScenarioId(value.id) || typeof value.label !== 'string') return null;
  const numbers = [
    value.expectedAnnualLossUsd,
    value.share,
    value.annualProbability,
    value.medianCostIfItHappensUsd,
    value.p95CostIfItHappensUsd,
  ];
  if (!numbers.every(isFiniteNumber)) return null;
  const breakdown = Array.isArray(value.costBreakdown) ? value.costBreakdown : [];
  return {
    id: value.id,
    label: value.label,
    expectedAnnualLossUsd: value.expectedAnnualLossUsd as number,
    share: value.share as number,
    annualProbability: value.annualProbability as number,
    medianCostIfItHappensUsd: value.medianCostIfItHappensUsd as number,
    p95CostIfItHappensUsd: value.p95CostIfItHappensUsd as number,
    costBreakdown: breakdown
      .filter(isRecord)
      .flatMap((c) =>
        typeof c.category === 'string' && isFiniteNumber(c.expectedAnnualUsd)
          ? [{ category: c.category, expectedAnnualUsd: c.expectedAnnualUsd }]
          : [],
      ),
  };
}

/** The stored scenarios, largest expected loss first; null when the result has none (before model 3.0) or one is malformed. */
export function readLossScenarios(result: unknown): LossScenarioView[] | null {
  if (!isRecord(result) || !Array.isArray(result.lossScenarios) || result.lossScenarios.length === 0) return null;
  const scenarios = result.lossScenarios.map(readScenario);
  if (scenarios.some((s) => s === null)) return null;
  return (scenarios as LossScenarioView[]).sort((a, b) => b.expectedAnnualLossUsd - a.expectedAnnualLossUsd);
}

/** A fix's saving split over the scenarios (from a recommendation or a plan step); null when not stored. */
export function readSavingByScenario(fix: unknown): ScenarioSavingView[] | null {
  if (!isRecord(fix) || !Array.isArray(fix.savingByScenario)) return null;
  const rows = fix.savingByScenario
    .filter(isRecord)
    .flatMap((r) =>
      isScenarioId(r.scenarioId) && isFiniteNumber(r.annualLossReductionUsd)
        ? [{ scenarioId: r.scenarioId, annualLossReductionUsd: r.annualLossReductionUsd }]
        : [],
    );
  return rows.length > 0 ? rows : null;
}

function readRange(value: unknown): UncertaintyRangeView | null {
  if (!isRecord(value) || !isFiniteNumber(value.low) || !isFiniteNumber(value.central) || !isFiniteNumber(value.high)) return null;
  return { low: value.low, central: value.central, high: value.high };
}

/** The parameter-uncertainty ranges; null when the run skipped them or the result predates them. */
export function readParameterUncertainty(result: unknown): ParameterUncertaintyView | null {
  if (!isRecord(result) || !isRecord(result.parameterUncertainty)) return null;
  const u = result.parameterUncertainty;
  const expected = readRange(u.expectedAnnualLossUsd);
  const oneInTwenty = readRange(u.oneInTwentyYearUsd);
  const oneInHundred = readRange(u.oneInHundredYearUsd);
  if (expected === null || oneInTwenty === null || oneInHundred === null || !isFiniteNumber(u.level) || !isFiniteNumber(u.outerDraws))
    return null;
  const sources = Array.isArray(u.sources)
    ? u.sources
        .filter(isRecord)
        .flatMap((s) =>
          typeof s.parameter === 'string' && typeof s.range === 'string' && typeof s.source === 'string'
            ? [{ parameter: s.parameter, range: s.range, source: s.source }]
            : [],
        )
    : [];
  return {
    level: u.level,
    outerDraws: u.outerDraws,
    method: typeof u.method === 'string' ? u.method : '',
    expectedAnnualLossUsd: expected,
    oneInTwentyYearUsd: oneInTwenty,
    oneInHundredYearUsd: oneInHundred,
    sources,
    populationBridge: readPopulationBridge(u.populationBridge),
  };
}

/** The range the "I don't know" answers add together; null when nothing is unknown or it was not stored. */
export function readUnknownAnswersRange(result: unknown): UnknownAnswersRangeView | null {
  if (!isRecord(result) || !isRecord(result.unknownAnswersRangeUsd)) return null;
  const { low, high } = result.unknownAnswersRangeUsd;
  return isFiniteNumber(low) && isFiniteNumber(high) && high > low ? { low, high } : null;
}
