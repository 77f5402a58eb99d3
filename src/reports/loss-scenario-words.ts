import { LOSS_SCENARIOS } from '@/engine/loss-scenarios.ts';
import type { LossScenarioId } from '@/engine/loss-scenarios.ts';
import { POPULATION_BRIDGE_WORDS } from '@/engine/parameter-uncertainty.ts';
import { formatPercent, formatUsdShort } from './format.ts';
import type { LossScenarioView, ParameterUncertaintyView, ScenarioSavingView, UnknownAnswersRangeView } from './read-loss-scenarios.ts';

/**
 * The words every format uses for the named loss scenarios and the two ranges (ADR 208): the
 * results page, the PDF, the deck, /presentation and the methodology page print these, so a
 * figure is described the same way everywhere. Pure: the same figures give the same words.
 */

/** The engine's plain description of a scenario (what it covers), for tables and the appendix. */
export function scenarioDescription(id: LossScenarioId): string {
  return LOSS_SCENARIOS.find((s) => s.id === id)?.description ?? '';
}

/** One scenario in one sentence: its expected loss, share, chance this year and cost per incident. */
export function scenarioLine(s: LossScenarioView): string {
  return `${s.label}: ${formatUsdShort(s.expectedAnnualLossUsd)} a year (${formatPercent(s.share)} of the expected loss); ${formatPercent(s.annualProbability)} chance this year; one typically costs ${formatUsdShort(s.medianCostIfItHappensUsd)}, a severe one (1 in 20) ${formatUsdShort(s.p95CostIfItHappensUsd)} or more.`;
}

/** The same in a few words, beside a chart that shows the expected losses (slides). */
export function scenarioShortLine(s: LossScenarioView): string {
  return `${s.label}: ${formatPercent(s.annualProbability)} chance this year; typically ${formatUsdShort(s.medianCostIfItHappensUsd)} an incident, severe ${formatUsdShort(s.p95CostIfItHappensUsd)}+`;
}

/** The takeaway: which scenario carries the most loss, and which is the most likely. */
export function scenariosTakeaway(scenarios: readonly LossScenarioView[]): string {
  const largest = scenarios[0];
  if (largest === undefined || largest.expectedAnnualLossUsd <= 0) return 'No scenario produced a loss in the simulated years.';
  const mostLikely = [...scenarios].sort((a, b) => b.annualProbability - a.annualProbability)[0] ?? largest;
  const likelyPart =
    mostLikely.id === largest.id
      ? `it is also the most likely (${formatPercent(mostLikely.annualProbability)} chance this year)`
      : `the most likely is ${mostLikely.label.toLowerCase()} (${formatPercent(mostLikely.annualProbability)} chance this year)`;
  return `${largest.label} carries the largest part of the expected loss, ${formatPercent(largest.share)} (${formatUsdShort(largest.expectedAnnualLossUsd)} a year); ${likelyPart}.`;
}

/** A fix with what it saves in each scenario, as the reports and the results page list it. */
export interface FixScenarioSavings {
  readonly name: string;
  readonly savingByScenario: readonly ScenarioSavingView[];
}

/** "MFA: saves most on Business e-mail compromise ($4.1K) and Ransomware ($2.0K)": the two largest savings. */
export function fixScenarioLine(fix: FixScenarioSavings, scenarios: readonly LossScenarioView[]): string | null {
  const label = (id: LossScenarioId) => scenarios.find((s) => s.id === id)?.label ?? id;
  const largest = [...fix.savingByScenario]
    .filter((s) => s.annualLossReductionUsd > 0)
    .sort((a, b) => b.annualLossReductionUsd - a.annualLossReductionUsd)
    .slice(0, 2);
  if (largest.length === 0) return null;
  return `${fix.name}: saves most on ${largest.map((s) => `${label(s.scenarioId).toLowerCase()} (${formatUsdShort(s.annualLossReductionUsd)} a year)`).join(' and ')}.`;
}

/** The speaker notes of the scenarios slide. */
export const SCENARIOS_NOTES =
  'An incident is not one kind of event. The model splits the expected loss into five named scenarios that small-business claims data tell apart: ransomware and extortion, business e-mail compromise and funds-transfer fraud, a breach of personal, health or card records, an outage of a critical system or supplier, and a lost device or a staff mistake. Each has its own chance and its own typical cost, and each control acts on the scenarios it plausibly affects: MFA mostly on e-mail fraud and ransomware, backups and an incident-response plan on ransomware and outages, encryption on lost devices and breaches. The five add up exactly to the expected loss.';

/** The scenarios, in plain words, for the methodology page and the PDF appendix. */
export const SCENARIOS_EXPLANATION: readonly string[] = [
  'The expected loss is the sum of five named loss scenarios, the kinds of incident that small-business cyber claims distinguish. Each has its own share of incidents and its own cost structure, and the five add up exactly to the total.',
  ...LOSS_SCENARIOS.map((s) => `${s.label}: ${s.description}`),
  'Each security answer acts only on the scenarios it plausibly affects: multi-factor authentication mostly on e-mail fraud and ransomware, backups and a tested incident-response plan on ransomware and outage costs, encryption on lost devices and breach notification. The share of each scenario is an assumption informed by public claims studies (no study uses exactly these five categories); the calibration table lists each figure with its source.',
];

/** The range sentence under the headline: what we don't know about the model's inputs (80% range). */
export function parameterUncertaintyLine(u: ParameterUncertaintyView): string {
  const range = (r: { low: number; high: number }) => `${formatUsdShort(r.low)}-${formatUsdShort(r.high)}`;
  return `What we don't know about the model's inputs: the published figures it is calibrated to have ranges of their own; within them, the expected loss is ${range(u.expectedAnnualLossUsd)} a year, a 1-in-20 year ${range(u.oneInTwentyYearUsd)} and a 1-in-100 year ${range(u.oneInHundredYearUsd)} (${Math.round(u.level * 100)}% range).`;
}

/** The same range in one short sentence, for page 1 of the PDF (the headline section prints the full line). */
export function parameterUncertaintyShortLine(u: ParameterUncertaintyView): string {
  return `Given what we don't know about the model's inputs, the expected loss lies between ${formatUsdShort(u.expectedAnnualLossUsd.low)} and ${formatUsdShort(u.expectedAnnualLossUsd.high)} a year (${Math.round(u.level * 100)}% range).`;
}

/** Two sources within a tenth of each other agree for this organisation: the bridge then adds nothing to the range. */
const SOURCES_AGREE_RATIO = 1.1;

/**
 * The level's uncertainty for this result, in plain words (ADR 264, ADR 308): what the 80% range
 * includes, IRIS's and the claims' median incident with their ratio, that the central figure stays
 * on the claims level, and what that means for the board. The PDF appendix and the workbook's
 * "Read me" print these lines. A result stored before model 3.1 has no bridge: one sentence says
 * its range leaves the disagreement out.
 */
export function levelUncertaintyLines(u: ParameterUncertaintyView): readonly string[] {
  const bridge = u.populationBridge;
  const level = `${Math.round(u.level * 100)}%`;
  const ale = u.expectedAnnualLossUsd;
  if (bridge === null)
    return [
      `This result was computed before the model included the disagreement between IRIS (how often incidents happen) and NetDiligence (what one costs): its ${level} range covers only the published studies' own ranges, and the dollar level could be several times higher. Running the assessment again adds it.`,
    ];
  const medians = `IRIS 2025 puts the median significant incident at this revenue at ${formatUsdShort(bridge.irisMedianUsd)}; the claims-based model puts the median incident, at average answers, at ${formatUsdShort(bridge.modelMedianUsd)}`;
  // The general paragraph (POPULATION_BRIDGE_WORDS) says IRIS is several times higher and is printed in
  // the method steps already: here the sources are named once and this result's own comparison follows.
  // Two decimals, as the list of uncertain inputs prints the same multiplier (parameter-uncertainty.ts).
  const comparison =
    bridge.ratio < SOURCES_AGREE_RATIO
      ? `For this organisation the two sources agree: ${medians}. The range allows for at most ${bridge.ratio.toFixed(2)} times the claims' cost of an incident, so their disagreement adds little and the range comes mostly from the published studies' own ranges.`
      : `For this organisation they disagree: ${medians}. IRIS's figure is ${bridge.ratio.toFixed(2)} times the claims', and the range allows for an incident costing anywhere between the two.`;
  const lowerPart = ale.central - ale.low < ale.high - ale.central;
  return [
    `The dollar level of an incident rests on two sources that count different incidents. How often an incident happens comes from IRIS 2025, which counts significant incidents; what one costs comes from NetDiligence 2025 insured claims, which include many smaller ones. ${comparison}`,
    `The ${level} range of the expected loss, ${formatUsdShort(ale.low)} to ${formatUsdShort(ale.high)} a year, therefore includes two things: the published studies' own ranges (parameter uncertainty) and this disagreement between IRIS and NetDiligence. The central figure, ${formatUsdShort(ale.central)} a year, stays on the claims level${lowerPart ? ', so it sits in the lower part of the range' : ''}.`,
    `What it means for the board: budget on the central figure, but treat the top of the range as a plausible outcome rather than a far-fetched one when choosing an insurance limit or a loss appetite (the 1-in-100 year's range reaches ${formatUsdShort(u.oneInHundredYearUsd.high)}). Answering the "I don't know" questions narrows a different range, not this one; only better evidence on what incidents like yours cost would.`,
  ];
}

/** The range the "I don't know" answers add, taken together (null when nothing is unknown). */
export function unknownAnswersLine(range: UnknownAnswersRangeView | null): string | null {
  if (range === null) return null;
  return `What the "I don't know" answers add: with every one of them at best practice the expected loss would be ${formatUsdShort(range.low)} a year, with every one at the weakest answer ${formatUsdShort(range.high)}.`;
}

/** The uncertainty, in plain words, for the methodology page and the PDF appendix. */
export const UNCERTAINTY_EXPLANATION: readonly string[] = [
  "Three different things make a figure uncertain, and they are shown apart. First, what we don't know about the model's inputs: how often incidents happen and what they cost come from published studies, and those studies have their own ranges. The model is re-run many times with these inputs drawn within their ranges; the range shown under the expected loss is where 8 in 10 of those runs land (10th to 90th percentile), and the same is done for the 1-in-20 and 1-in-100 year.",
  POPULATION_BRIDGE_WORDS,
  'Second, the answers given as "I don\'t know": the range they add is shown separately, from every such answer at best practice to every one at the weakest. Answering them narrows it.',
  "Third, simulation precision: the model simulates a finite number of years, so each figure carries a little noise (the standard error is kept at or below 1% of the expected loss). That is a property of the calculation, not of the risk, and it is stated in the appendix only. None of these ranges is the spread of a single year's loss, which the loss curve shows: most years cost nothing and a few cost far more than the average.",
];
