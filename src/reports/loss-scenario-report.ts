import {
  fixScenarioLine,
  levelUncertaintyLines,
  parameterUncertaintyLine,
  parameterUncertaintyShortLine,
  SCENARIOS_EXPLANATION,
  SCENARIOS_NOTES,
  scenarioLine,
  scenarioShortLine,
  scenariosTakeaway,
  UNCERTAINTY_EXPLANATION,
  unknownAnswersLine,
} from './loss-scenario-words.ts';
import { POPULATION_BRIDGE_WORDS } from '@/engine/parameter-uncertainty.ts';
import { readLossScenarios, readParameterUncertainty, readSavingByScenario, readUnknownAnswersRange } from './read-loss-scenarios.ts';
import type { LossScenarioView, ParameterUncertaintyView, UnknownAnswersRangeView } from './read-loss-scenarios.ts';
import { toPlainWords } from './plain-words.ts';
import { isRecord } from './stored-values.ts';

/**
 * The named loss scenarios and the honest ranges as the report model carries them (ADR 208): one
 * computation from the stored result that the PDF, the deck, the workbook and /presentation print.
 * Results stored before model 3.0 have neither: the scenarios section is then null (no slide,
 * no page, no sheet) and the range lines are null (nothing printed).
 */

/** The scenarios section of the report model. */
export interface ScenarioSection {
  /** Largest expected loss first; the expected losses sum to the headline's expected loss. */
  readonly scenarios: readonly LossScenarioView[];
  readonly takeaway: string;
  /** One sentence per scenario. */
  readonly lines: readonly string[];
  /** One short line per scenario, for slides beside the chart of the expected losses. */
  readonly shortLines: readonly string[];
  /** The top fixes' savings by scenario, one sentence each (empty when the result does not split them). */
  readonly fixLines: readonly string[];
  readonly notes: string;
}

/** The two ranges shown under the headline, apart from simulation precision (which stays in the appendix). */
export interface UncertaintySection {
  readonly parameter: ParameterUncertaintyView | null;
  readonly unknownAnswers: UnknownAnswersRangeView | null;
  /** "What we don't know about the model's inputs: ..." (null when the result has no parameter ranges). */
  readonly parameterLine: string | null;
  /** The expected loss's range only, in one short sentence (page 1 of the PDF). */
  readonly parameterShortLine: string | null;
  /** "What the 'I don't know' answers add: ..." (null when nothing is unknown). */
  readonly unknownAnswersLine: string | null;
  /** The level's uncertainty for this result (the PDF appendix and the workbook's "Read me"); empty without parameter ranges. */
  readonly levelLines: readonly string[];
}

/** The appendix text: the scenarios and the uncertainty in plain words, and how far each uncertain input can move. */
export interface ScenarioAppendix {
  readonly scenarios: readonly string[];
  readonly uncertainty: readonly string[];
  /** The level's uncertainty with this result's figures (the same lines as `UncertaintySection.levelLines`). */
  readonly level: readonly string[];
  readonly rangeSources: readonly string[];
}

const MAX_FIX_LINES = 3;

/** The stored recommendations named in `fixNames`, in that order, with their savings by scenario. */
function fixSavings(result: unknown, fixNames: readonly string[]) {
  const stored = isRecord(result) && Array.isArray(result.recommendations) ? result.recommendations.filter(isRecord) : [];
  return fixNames.flatMap((name) => {
    const fix = stored.find((r) => r.factorName === name);
    const savingByScenario = readSavingByScenario(fix);
    return savingByScenario === null ? [] : [{ name, savingByScenario }];
  });
}

/** The scenarios section from a stored result (null before model 3.0); `fixNames` are the report's top fixes. */
export function buildScenarioSection(result: unknown, fixNames: readonly string[]): ScenarioSection | null {
  const scenarios = readLossScenarios(result);
  if (scenarios === null) return null;
  const fixLines = fixSavings(result, fixNames.slice(0, MAX_FIX_LINES)).flatMap((fix) => fixScenarioLine(fix, scenarios) ?? []);
  return {
    scenarios,
    takeaway: scenariosTakeaway(scenarios),
    lines: scenarios.map(scenarioLine),
    shortLines: scenarios.map(scenarioShortLine),
    fixLines,
    notes: SCENARIOS_NOTES,
  };
}

/** The ranges from a stored result (each null when absent). */
export function buildUncertaintySection(result: unknown): UncertaintySection {
  const parameter = readParameterUncertainty(result);
  const unknownAnswers = readUnknownAnswersRange(result);
  return {
    parameter,
    unknownAnswers,
    parameterLine: parameter === null ? null : parameterUncertaintyLine(parameter),
    parameterShortLine: parameter === null ? null : parameterUncertaintyShortLine(parameter),
    unknownAnswersLine: unknownAnswersLine(unknownAnswers),
    levelLines: parameter === null ? [] : levelUncertaintyLines(parameter),
  };
}

/** The appendix paragraphs: only what the result has (no scenario text for a result without scenarios). */
export function buildScenarioAppendix(scenarios: ScenarioSection | null, uncertainty: UncertaintySection): ScenarioAppendix {
  return {
    scenarios: scenarios === null ? [] : SCENARIOS_EXPLANATION,
    // The level paragraph is printed with this result's figures (`level`), not in the general words.
    uncertainty: uncertainty.parameter === null && uncertainty.unknownAnswers === null ? [] : UNCERTAINTY_EXPLANATION.filter((p) => p !== POPULATION_BRIDGE_WORDS),
    level: uncertainty.levelLines,
    rangeSources: (uncertainty.parameter?.sources ?? []).map((s) => `${toPlainWords(s.parameter)}: ${plainRange(s.range)}`),
  };
}

/**
 * "×/÷ 1.27 (80% range)" as a board reads it. The engine's source notes for the ranges are written
 * for auditors (formulas, symbols the PDF fonts cannot print): the appendix gives the range in
 * words, and the calibration table on the methodology page and the workbook keep the derivation.
 */
function plainRange(range: string): string {
  const factor = /×\/÷\s*([\d.]+)/.exec(range)?.[1];
  return factor === undefined ? toPlainWords(range) : `up to ${factor} times higher or lower`;
}
