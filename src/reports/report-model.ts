import { controlName } from './control-names.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { CalibrationKey } from '@/engine/calibration/calibration.ts';
import { explain } from '@/engine/explain.ts';
import { getFactor } from '@/engine/factors.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import { getIndustry } from '@/engine/industries.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatLongDate, formatPercent, formatUsdChange, formatUsdExact, formatUsdShort, toFileStem } from './format.ts';
import { describeResultNotes } from './result-notes.ts';
import { listEveryControl, readResult, type InsuranceView, type OneInHundredView, type RecommendationView, type ResultView } from './read-result.ts';
import type { WhatChanged } from './what-changed.ts';
import type { Coverage, RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { computeCoverage } from './coverage.ts';
import { coverageSlide } from './coverage-slide.ts';
import { composeBoardMessage, paysForItself, type BoardMessage, type ControlOption } from './board-message.ts';
import { readFixPlan, readRequiredReasons } from './read-fix-plan.ts';
import { plainSourceNote, toPlainWords, withoutRepeats } from './plain-words.ts';
import {
  buildScenarioAppendix,
  buildScenarioSection,
  buildUncertaintySection,
  type ScenarioAppendix,
  type ScenarioSection,
  type UncertaintySection,
} from './loss-scenario-report.ts';
import { rateExposure } from '@/engine/risk-score.ts';
import { computePeerComparison, peerRuns, type PeerComparison } from './peer-comparison.ts';
import { isRecord } from './stored-values.ts';
import { pageOneAlerts } from './page-one-alerts.ts';
import { computeDecisionOptions, decisionOptionRuns, type OptionsSource } from './decision-options.ts';
import type { ModelRunResults, ModelRuns } from './model-runs.ts';
import { computeKeyFigures, type KeyFigures } from './key-figures.ts';

/** Everything a report is built from: one completed assessment, and optionally the comparison with an earlier one. */
export interface ReportSource {
  /** The account's organisation: the reports name the organisation assessed (step 1) and fall back to this only when it has no name (ADR 217). */
  readonly organisationName: string;
  readonly assessment: {
    readonly id: string;
    readonly title: string;
    readonly completedAt: string;
    readonly authorName: string | null;
    readonly input: RiskInput;
    readonly result: RiskResult;
  };
  readonly whatChanged: WhatChanged | null;
  /** The policy sub-limits and risk appetite kept with the assessment (ADR 218); absent or null: none. */
  readonly riskProfile?: RiskProfileSettings | null;
  /** When the report is produced (ISO); printed on the cover and in the file name. */
  readonly generatedAt: string;
}

export type SlideId =
  | 'title'
  | 'headline'
  | 'exceedance'
  | 'costBreakdown'
  | 'scenarios'
  | 'drivers'
  | 'fixes'
  | 'decision'
  | 'fines'
  | 'insurance'
  | 'whatChanged'
  | 'method';

/** One part of the briefing: a slide in /presentation and the deck, a section of the PDF. */
export interface ReportSlide {
  readonly id: SlideId;
  readonly title: string;
  /** The one sentence the board should take away. */
  readonly takeaway: string;
  readonly bullets: readonly string[];
  /** What the presenter says, in plain words. */
  readonly notes: string;
}

interface ReportDriver {
  readonly factorId: FactorId;
  readonly name: string;
  readonly answer: FactorAnswer;
  /** Change of the ALE with this factor at its best answer (<= 0). */
  readonly toBestUsd: number;
  /** Change of the ALE with this factor at its worst answer (>= 0). */
  readonly toWorstUsd: number;
}

/** A fix as the report shows it: the stored recommendation, named by its factor. */
type ReportFix = Omit<RecommendationView, 'factorId' | 'factorName'> & { readonly name: string };

interface ReportCitation {
  readonly key: string;
  readonly label: string;
  readonly source: string;
  readonly isAssumption: boolean;
}

/** The content of a board briefing as data: one model, three renderers (PDF, PowerPoint, workbook) and /presentation. */
export interface ReportModel {
  readonly meta: {
    readonly assessmentId: string;
    readonly title: string;
    readonly organisationName: string;
    readonly assessmentTitle: string;
    readonly authorName: string;
    readonly completedAt: string;
    readonly completedOn: string;
    readonly generatedAt: string;
    readonly industry: string;
    readonly employees: number;
    readonly annualRevenueUsd: number;
    readonly engineVersion: string;
    readonly seed: number;
    readonly iterations: number;
    /** "acme-health-2026-11-22": organisation and date, for file names. */
    readonly fileStem: string;
  };
  readonly headline: {
    readonly aleUsd: number;
    readonly aleLowUsd: number;
    readonly aleHighUsd: number;
    readonly probabilityOfAnyEvent: number;
    readonly costIfItHappensUsd: number;
    readonly costIfItHappensP95Usd: number;
    readonly badYearUsd: number;
    readonly oneIn100Usd: number;
    readonly expectedShortfall99Usd: number;
    readonly probabilityAbove1mUsd: number;
    readonly riskScore: number;
    /** The band of the dollars against revenue and the appetite (risk-score.ts, ADR 206). */
    readonly riskBandLabel: string;
    /** The figure that set the band, e.g. "a 1-in-100 year is 9.8% of revenue". */
    readonly riskBandReason: string;
  };
  /** The same run for a typical organisation of the same industry and size (peer-comparison.ts, ADR 207); null for another model version. */
  readonly peer: PeerComparison | null;
  readonly precision: {
    readonly standardErrorUsd: number;
    readonly standardErrorShare: number;
    readonly iterations: number;
    /** Target standard error as a share of the ALE (null for fixed iterations or model 1.0.0). */
    readonly targetShare: number | null;
    /** Whether the target was reached (null when there was none recorded). */
    readonly isTargetMet: boolean | null;
  };
  readonly exceedance: readonly { readonly lossUsd: number; readonly probability: number }[];
  readonly costBreakdown: readonly { readonly label: string; readonly expectedAnnualUsd: number; readonly share: number }[];
  /** The named loss scenarios (loss-scenario-report.ts, ADR 208); null for results stored before model 3.0. */
  readonly scenarios: ScenarioSection | null;
  /** The ranges under the headline, apart from simulation precision (ADR 208); each line null when absent. */
  readonly uncertainty: UncertaintySection;
  /** The appendix's plain words on the scenarios and the uncertainty (empty parts when the result has neither). */
  readonly scenarioAppendix: ScenarioAppendix;
  readonly drivers: readonly ReportDriver[];
  readonly fixes: readonly ReportFix[];
  /**
   * Controls that cost more than they remove at typical prices: shown apart, never as fixes
   * (model 2.0.0; null when the stored result does not say, i.e. model 1.0.0).
   */
  readonly notWorthIt: { readonly fixes: readonly ReportFix[]; readonly summary: string } | null;
  /** "I don't know" answers and how far each moves the expected loss (empty when none). */
  readonly unknownFactors: readonly {
    readonly factorId: FactorId;
    readonly name: string;
    readonly ifBestUsd: number;
    readonly ifWorstUsd: number;
  }[];
  readonly fines: {
    readonly rows: readonly { readonly label: string; readonly expectedAnnualUsd: number; readonly note: string }[];
    readonly totalExpectedAnnualUsd: number;
    readonly outsideTheAle: readonly string[];
  };
  readonly insurance: InsuranceView | null;
  /** Coverage gap and risk appetite: the one computation every format prints (src/reports/coverage.ts, ADR 219). */
  readonly coverage: Coverage;
  /** The 1-in-100-year view (model 2.0.0; null for older results). */
  readonly oneInHundred: OneInHundredView | null;
  readonly whatChanged: WhatChanged | null;
  /** Every sentence of page 1 and the decision, derived from the figures (board-message.ts, ADR 220). */
  readonly message: BoardMessage;
  /** Each headline figure once, with its words, and the priced options (key-figures.ts, ADR 271). */
  readonly keyFigures: KeyFigures;
  /** Conflicts and a severe incident above the limit: printed on page 1 (page-one-alerts.ts, ADR 273). */
  readonly alerts: readonly string[];
  readonly method: {
    readonly steps: readonly { readonly title: string; readonly text: string }[];
    readonly limits: readonly string[];
    readonly sources: readonly ReportCitation[];
  };
  readonly slides: readonly ReportSlide[];
}

const MAX_DRIVERS = 8;
const MAX_FIXES = 5;
/** Controls not worth it named on the slide (the rest are counted; all are in the workbook). */
const MAX_NOT_WORTH_IT_NAMED = 3;
const ANSWER_WORDS: { readonly [A in FactorAnswer]: string } = {
  best: 'best practice',
  partial: 'partly in place',
  worst: 'weakest answer',
  notApplicable: 'not applicable',
  unknown: 'not known',
};

function buildDrivers(result: RiskResult): ReportDriver[] {
  const rows = result.attribution?.oneAtATime ?? [];
  return [...rows]
    .filter((r) => r.currentAnswer !== 'notApplicable')
    .sort((a, b) => b.deltaToWorstUsd - b.deltaToBestUsd - (a.deltaToWorstUsd - a.deltaToBestUsd))
    .slice(0, MAX_DRIVERS)
    .map((r) => ({
      factorId: r.factorId,
      name: getFactor(r.factorId).name,
      answer: r.currentAnswer,
      toBestUsd: r.deltaToBestUsd,
      toWorstUsd: r.deltaToWorstUsd,
    }));
}

function toFix({ factorId: _factorId, factorName, ...fix }: RecommendationView): ReportFix {
  return { ...fix, name: factorName };
}

function buildNotWorthIt(view: ResultView): ReportModel['notWorthIt'] {
  if (view.recommendationsNotWorthIt === null) return null;
  // Never a required control: the engine lists those apart (requiredControls, ADR 312), and the decision page names who requires each.
  const fixes = view.recommendationsNotWorthIt.map(toFix);
  const summary =
    fixes.length === 0
      ? 'No control is set aside as not worth it: each one not at best practice either pays for itself or is required regardless of return.'
      : `Not worth it at typical prices (they cost more a year than they remove): ${[...fixes]
          .sort((a, b) => b.annualLossReductionUsd - a.annualLossReductionUsd)
          .slice(0, MAX_NOT_WORTH_IT_NAMED)
          .map(
            (f) =>
              `${f.name} (removes ${formatUsdShort(f.annualLossReductionUsd)} for ${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)})`,
          )
          .join(
            '; ',
          )}${fixes.length > MAX_NOT_WORTH_IT_NAMED ? `; and ${fixes.length - MAX_NOT_WORTH_IT_NAMED} more, listed in the verification workbook` : ''}.`;
  return { fixes, summary };
}

/** "Not known" answers, widest effect first. */
function buildUnknownFactors(view: ResultView): ReportModel['unknownFactors'] {
  return [...view.unknownFactors]
    .sort(
      (a, b) =>
        b.expectedAnnualLossIfWorstUsd - b.expectedAnnualLossIfBestUsd - (a.expectedAnnualLossIfWorstUsd - a.expectedAnnualLossIfBestUsd),
    )
    .map((u) => ({
      factorId: u.factorId,
      name: getFactor(u.factorId).name,
      ifBestUsd: u.expectedAnnualLossIfBestUsd,
      ifWorstUsd: u.expectedAnnualLossIfWorstUsd,
    }));
}

/** One sentence naming the "not known" answers and the range each spans (empty string when none). */
function describeUnknowns(unknown: ReportModel['unknownFactors']): string {
  if (unknown.length === 0) return '';
  return `Answered "not known", which widens the range: ${unknown.map((u) => `${u.name} (expected loss ${formatUsdShort(u.ifBestUsd)} if best practice, ${formatUsdShort(u.ifWorstUsd)} if weakest)`).join('; ')}.`;
}

function buildFines(result: RiskResult, records: RiskInput['organisation']['records']): ReportModel['fines'] {
  const rows = result.fines.regimes
    .filter((r) => r.isApplicable)
    .map((r) => ({ label: r.label, expectedAnnualUsd: r.expectedAnnualUsd, note: r.note }));
  const outside: string[] = [];
  const pci = result.fines.pciNonCompliance;
  if (pci)
    outside.push(
      `PCI DSS non-compliance fines of ${formatUsdShort(pci.lowUsd)}-${formatUsdShort(pci.highUsd)} over ${pci.months} months if validation lapses (charged by card brands, not in the expected loss).`,
    );
  const ccpa = result.fines.ccpaStatutoryDamagesTail;
  if (ccpa) {
    // Record categories overlap (a client's personal and financial records are one person): count each person once, by the largest category (ADR 273).
    const people = Math.max(...Object.values(records));
    const share = ccpa.records > 0 ? people / ccpa.records : 0;
    outside.push(
      `CCPA statutory damages of ${formatUsdShort(ccpa.lowUsd * share)}-${formatUsdShort(ccpa.highUsd * share)} if all ${people.toLocaleString('en-US')} people whose records we hold were Californian (each person counted once; a tail scenario, not in the expected loss).`,
    );
  }
  return { rows, totalExpectedAnnualUsd: rows.reduce((s, r) => s + r.expectedAnnualUsd, 0), outsideTheAle: outside };
}

function collectSourceKeys(result: RiskResult): CalibrationKey[] {
  const keys = new Set<CalibrationKey>();
  for (const list of Object.values(result.derivation.sourceKeys)) for (const key of list) keys.add(key);
  for (const regime of result.fines.regimes) for (const key of regime.sourceKeys) keys.add(key);
  return [...keys].filter((key) => key in CALIBRATION);
}

function describePrecision(view: ResultView): string {
  const base = `Simulation precision (not the range of a year's loss): Monte Carlo simulation of ${view.iterations.toLocaleString('en-US')} years (seed ${view.seed}); the expected loss is known to ±${formatUsdShort(1.96 * view.standardErrorUsd)} (95% interval, standard error ${formatPercent(view.standardErrorShare)} of the figure)`;
  const p = view.precision;
  if (p === null || p.targetRelativeStandardError === null) return `${base}.`;
  return `${base}; the target was ${formatPercent(p.targetRelativeStandardError)}, ${p.isTargetMet ? 'reached' : 'not reached within the iteration budget'}.`;
}

/** The engine's insurance step told with the pack's one uninsured figure and covered share (ADR 271), not its own. */
function insuranceStepText(coverage: Coverage, key: KeyFigures): string {
  const hundred = coverage.badYears.find((y) => y.id === 'oneInHundred');
  if (coverage.policy === null)
    return `A 1-in-100 year costs ${formatUsdExact(hundred?.beforeInsuranceUsd ?? 0)}, all of it uninsured: no policy was entered.`;
  return `The ${formatUsdExact(coverage.policy.limitUsd)} limit pays ${key.coveredShareOneInHundred.text} of a 1-in-100 year (${formatUsdExact(hundred?.beforeInsuranceUsd ?? 0)}), leaving ${key.uninsuredOneInHundred.text} uninsured. On average the policy recovers ${formatUsdExact(coverage.policy.expectedRecoveredAnnualUsd)} a year.`;
}

function buildMethod(
  result: RiskResult,
  view: ResultView,
  unknown: ReportModel['unknownFactors'],
  insurance: { coverage: Coverage; key: KeyFigures },
): ReportModel['method'] {
  // The step-by-step derivation is model 2.x's; a model 1.0.0 result stored other derivation fields.
  const steps = view.isCurrentModel
    ? explain(result).steps.map((s) => ({
        title: toPlainWords(s.title),
        text: s.id === 'insurance' ? insuranceStepText(insurance.coverage, insurance.key) : toPlainWords(s.text),
      }))
    : [
        {
          title: 'Derivation',
          text: `This assessment was computed by risk model ${view.engineVersion}; its figures are shown as stored. The step-by-step derivation is given for model 2 results: re-run the assessment to see it.`,
        },
      ];
  const limits = [
    result.calibrationPopulation,
    describePrecision(view),
    `Losses are in US dollars before tax; they include ${view.costBreakdown.map((c) => c.label.toLowerCase()).join(', ')} where simulated.`,
    'Security answers are self-reported; an independent assessment narrows the range.',
    // In the questions' own words, never their codes (result-notes.ts, ADR 314); the unknowns are told below with their effect.
    ...describeResultNotes(result, null)
      .filter((n) => n.code !== 'factorsUnknown')
      .map((n) => n.text),
  ];
  if (unknown.length > 0) limits.push(describeUnknowns(unknown));
  const sources = collectSourceKeys(result).map((key) => {
    const entry = CALIBRATION[key];
    return {
      key,
      label: toPlainWords(entry.label),
      source: plainSourceNote(entry.source, entry.isAssumption),
      isAssumption: entry.isAssumption,
    };
  });
  // The calibration population is also a derivation step: printed once (ADR 221).
  return {
    steps,
    limits: withoutRepeats(
      limits.map(toPlainWords),
      steps.map((s) => s.text),
    ),
    sources,
  };
}

function whatChangedSlide(
  change: WhatChanged | null,
  model: Pick<SlideSource, 'headline' | 'message'>,
): Pick<ReportSlide, 'takeaway' | 'bullets' | 'notes'> {
  if (!change) {
    // The first assessment has nothing to compare with: the slide says so and records the baseline the next one is measured against.
    const h = model.headline;
    const together = model.message.decision.together;
    return {
      takeaway:
        'This is the first completed assessment, so there is nothing to compare yet: these are the figures the next assessment will be measured against.',
      bullets: [
        `Baseline expected annual loss: ${formatUsdExact(h.aleUsd)}`,
        `Baseline chance of at least one incident in a year: ${formatPercent(h.probabilityOfAnyEvent)}`,
        `Baseline 1-in-100 year: more than ${formatUsdShort(h.oneIn100Usd)}`,
        together === null
          ? 'Repeat the assessment after any change to controls, compliance or size: this slide will then show the dollar effect of each change.'
          : `If the fixes asked for are in place by then, the next assessment should show an expected loss near ${formatUsdShort(together.lossAfterUsd)} a year.`,
      ],
      notes:
        'There is no earlier assessment to compare with. Next time, this slide will show, in dollars, how much of the change came from our security work, our compliance status, our growth and the model itself.',
    };
  }
  const direction = change.totalDeltaUsd <= 0 ? 'down' : 'up';
  const bullets = change.steps.map(
    (s) =>
      `${s.label}: ${formatUsdChange(s.deltaUsd)}${s.changes.length > 0 ? ` (${s.changes.slice(0, 2).join('; ')}${s.changes.length > 2 ? `; ${s.changes.length - 2} more` : ''})` : ''}`,
  );
  const biggest = [...change.steps].sort((a, b) => Math.abs(b.deltaUsd) - Math.abs(a.deltaUsd))[0];
  return {
    takeaway: `Expected annual loss went ${direction} ${formatUsdChange(change.totalDeltaUsd).replace(/^[+-]/, '')}: from ${formatUsdExact(change.previous.aleUsd)} to ${formatUsdExact(change.current.aleUsd)}.`,
    bullets,
    notes: `Since the assessment of ${formatLongDate(change.previous.completedAt)}, the expected annual loss moved from ${formatUsdShort(change.previous.aleUsd)} to ${formatUsdShort(change.current.aleUsd)}. Each bar re-runs the model on the same simulated years, changing one thing at a time${biggest ? `; the biggest single effect is ${biggest.label.toLowerCase()} (${formatUsdChange(biggest.deltaUsd)})` : ''}.`,
  };
}

type SlideSource = Omit<ReportModel, 'slides'>;

/** Required-regardless reasons by factor, from the stored recommendations (empty for results stored before they existed). */
function readRequiredByFactor(result: RiskResult): Map<FactorId, ReturnType<typeof readRequiredReasons>> {
  const stored = result as unknown as { recommendations?: unknown; recommendationsNotWorthIt?: unknown; requiredControls?: unknown };
  const byFactor = new Map<FactorId, ReturnType<typeof readRequiredReasons>>();
  for (const list of [stored.recommendations, stored.recommendationsNotWorthIt, stored.requiredControls]) {
    if (!Array.isArray(list)) continue;
    for (const r of list)
      if (isRecord(r) && typeof r.factorId === 'string') byFactor.set(r.factorId as FactorId, readRequiredReasons(r.required));
  }
  return byFactor;
}

/** The figures the board message is written from. */
export function buildBoardFigures(
  result: RiskResult,
  view: ResultView,
  unknown: ReportModel['unknownFactors'],
): Parameters<typeof composeBoardMessage>[0] {
  const required = readRequiredByFactor(result);
  const controls: ControlOption[] = listEveryControl(view).map((r) => ({
    factorId: r.factorId,
    name: r.factorName,
    savingAloneUsd: r.annualLossReductionUsd,
    costLowUsd: r.annualCostLowUsd,
    costMidUsd: r.annualCostMidUsd,
    costHighUsd: r.annualCostHighUsd,
    required: required.get(r.factorId) ?? [],
  }));
  return {
    aleUsd: view.aleUsd,
    probabilityOfAnyEvent: view.probabilityOfAnyEvent,
    eventMedianUsd: view.eventMedianUsd,
    eventP95Usd: view.eventP95Usd,
    percentilesUsd: view.percentilesUsd,
    unknownFactors: unknown.map((u) => ({ name: u.name, ifBestUsd: u.ifBestUsd, ifWorstUsd: u.ifWorstUsd })),
    controls,
    listsEveryControl: view.recommendationsNotWorthIt !== null,
    plan: readFixPlan(result, controlName),
    engineVersion: view.engineVersion,
  };
}

function titleSlide(model: SlideSource): ReportSlide {
  const name = model.meta.organisationName;
  return {
    id: 'title',
    title: `Cyber risk in dollars: ${name}`,
    takeaway: `Board briefing on the assessment of ${model.meta.completedOn}.`,
    bullets: [
      `Prepared for ${name} by ${model.meta.authorName}`,
      `${model.meta.industry}, ${model.meta.employees.toLocaleString('en-US')} employees, ${formatUsdShort(model.meta.annualRevenueUsd)} revenue`,
      `Risk model ${model.meta.engineVersion}`,
    ],
    notes: `This briefing puts our cyber risk in dollars so we can weigh it like any other business risk. It is based on the assessment completed on ${model.meta.completedOn}.`,
  };
}

function headlineSlide(model: SlideSource): ReportSlide {
  const h = model.headline;
  const m = model.message.headline;
  return {
    id: 'headline',
    title: 'The number',
    takeaway: m.takeaway,
    bullets: [
      m.averageLine,
      m.spreadLine,
      ...(m.tailExplanation === null ? [] : [m.tailExplanation]),
      `Average of the worst 1% of years: ${formatUsdShort(h.expectedShortfall99Usd)}`,
      `Exposure: ${h.riskBandLabel}, because ${h.riskBandReason}; ${model.keyFigures.postureScore.text}`,
      ...(model.peer === null ? [] : [model.peer.slideLine]),
      ...(m.unknownLine === null ? [] : [m.unknownLine]),
      ...[model.uncertainty.parameterLine, model.uncertainty.unknownAnswersLine].filter((line): line is string => line !== null),
    ],
    notes: m.notes,
  };
}

function exceedanceSlide(model: SlideSource): ReportSlide {
  const h = model.headline;
  return {
    id: 'exceedance',
    title: 'How bad can a year get',
    takeaway: `There is a ${formatPercent(h.probabilityAbove1mUsd)} chance that a year's losses exceed $1M.`,
    bullets: [
      `Chance of any loss: ${formatPercent(h.probabilityOfAnyEvent)}`,
      `Chance of losing more than $1M in a year: ${formatPercent(h.probabilityAbove1mUsd)}`,
      `1 year in 20 costs more than ${formatUsdShort(h.badYearUsd)}; 1 in 100 more than ${formatUsdShort(h.oneIn100Usd)}`,
    ],
    notes:
      'The curve reads like a flood map: for each amount on the bottom axis it shows the chance that a year costs more than that. Compare it with what we could absorb without harm: where the curve crosses that line is the chance of a year we would not want.',
  };
}

function costBreakdownSlide(model: SlideSource): ReportSlide {
  const topCost = [...model.costBreakdown].sort((a, b) => b.expectedAnnualUsd - a.expectedAnnualUsd)[0];
  return {
    id: 'costBreakdown',
    title: 'Where the money goes',
    takeaway: topCost
      ? `${topCost.label} is the largest part: ${formatPercent(topCost.share)} of the expected loss.`
      : 'The expected loss by cost category.',
    bullets: model.costBreakdown.map((c) => `${c.label}: ${formatUsdShort(c.expectedAnnualUsd)} a year (${formatPercent(c.share)})`),
    notes:
      'An incident is not one bill. The expected loss splits into response and investigation, notifying people, the clean-up after a breach, lost business, regulatory fines and ransom. The split tells us which costs insurance and preparation should target.',
  };
}

function driversSlide(model: SlideSource): ReportSlide {
  const topDriver = model.drivers[0];
  return {
    id: 'drivers',
    title: 'What moves the number',
    takeaway: topDriver
      ? `${topDriver.name} moves the expected loss most: ${formatUsdChange(topDriver.toBestUsd)} at best practice, ${formatUsdChange(topDriver.toWorstUsd)} at the weakest answer.`
      : 'Attribution was not computed for this assessment.',
    bullets: model.drivers.map(
      (d) => `${d.name} (now ${ANSWER_WORDS[d.answer]}): ${formatUsdChange(d.toBestUsd)} / ${formatUsdChange(d.toWorstUsd)}`,
    ),
    notes:
      'Each bar changes one answer, keeping everything else as it is, and re-runs the model on the same simulated years: to the left is what we would save by reaching best practice, to the right what we would lose by slipping to the weakest answer.',
  };
}

/**
 * The four headline tiles of the slide view and the PowerPoint. The chance of an incident and what
 * one costs lead; the average comes last (ADR 220).
 */
export function headlineTiles(headline: ReportModel['headline']): Array<{ label: string; value: string }> {
  return [
    { label: 'Chance of an incident this year', value: formatPercent(headline.probabilityOfAnyEvent) },
    { label: 'One incident typically costs', value: formatUsdShort(headline.costIfItHappensUsd) },
    { label: 'A severe incident costs more than', value: formatUsdShort(headline.costIfItHappensP95Usd) },
    { label: 'Expected loss a year (average)', value: formatUsdShort(headline.aleUsd) },
  ];
}

/** "$2.03 saved per $1": the saving per dollar of the mid cost, which needs no explaining (a ROSI of 1.0x did). */
export function formatSavedPerDollar(fix: Pick<ReportFix, 'annualLossReductionUsd' | 'annualCostMidUsd'>): string {
  return fix.annualCostMidUsd > 0 ? `$${(fix.annualLossReductionUsd / fix.annualCostMidUsd).toFixed(2)} saved per $1` : 'n/a';
}

/** Controls named on the fixes slide when none pays; the decision table lists every one. */
const MAX_NO_PAYING_FIX_LINES = 8;

function noPayingFixBullets(lines: readonly string[]): string[] {
  if (lines.length <= MAX_NO_PAYING_FIX_LINES) return [...lines];
  return [
    ...lines.slice(0, MAX_NO_PAYING_FIX_LINES),
    `And ${lines.length - MAX_NO_PAYING_FIX_LINES} more with smaller savings, all listed with the decision.`,
  ];
}

function fixesSlide(model: SlideSource): ReportSlide {
  const topFix = model.fixes[0];
  const notWorthIt =
    model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 && model.fixes.length > 0 ? [model.notWorthIt.summary] : [];
  return {
    id: 'fixes',
    title: 'The top fixes',
    takeaway: model.message.fixesTakeaway,
    bullets: [
      ...model.fixes.map(
        (f) =>
          `${f.rank}. ${f.name}: saves ${formatUsdShort(f.annualLossReductionUsd)} a year on its own${f.expectedShortfall99ReductionUsd === null ? '' : ` (${formatUsdShort(f.expectedShortfall99ReductionUsd)} less in the worst 1% of years)`} for ${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)} a year; ${formatSavedPerDollar(f)}${f.paybackMonths === null ? '' : `, pays back in ${f.paybackMonths.toFixed(1)} months`}`,
      ),
      ...(model.message.breakEvenLine === null || model.fixes.length === 0 ? [] : [model.message.breakEvenLine]),
      ...notWorthIt,
      ...(model.fixes.length === 0 ? noPayingFixBullets(model.message.decision.noPayingFixLines) : []),
    ],
    notes: topFix
      ? `If we do one thing first: ${topFix.action.replace(/\.$/, '')}. On its own it removes about ${formatUsdShort(topFix.annualLossReductionUsd)} of expected loss a year for about ${formatUsdShort(topFix.annualCostMidUsd)} a year. Costs are typical ranges for an organisation of our size, not quotes. Fixes overlap, so their savings are never added up: the decision slide gives the figure for doing them together.`
      : `${model.message.fixesTakeaway} Costs are typical ranges for an organisation of our size, not quotes: a cheaper offer can change this.`,
  };
}

/** The priced options, one line each (decision-options.ts); none for a result that cannot be re-run alike. */
export function optionLines(key: KeyFigures): string[] {
  return key.options === null ? [] : key.options.options.map((o) => o.line);
}

function decisionSlide(model: SlideSource): ReportSlide {
  const d = model.message.decision;
  return {
    id: 'decision',
    title: 'The decision',
    takeaway: d.takeaway,
    bullets: [
      ...optionLines(model.keyFigures),
      ...d.askLines.slice(0, d.fixes.length),
      ...d.requiredLines.map((line) => `Required regardless of return: ${line}`),
      ...d.noPayingFixLines,
      ...d.closingLines,
    ],
    notes:
      model.keyFigures.options === null ? d.notes : [d.notes, model.keyFigures.options.intro, ...optionLines(model.keyFigures)].join(' '),
  };
}

function finesSlide(model: SlideSource): ReportSlide {
  return {
    id: 'fines',
    title: 'Regulatory fines',
    takeaway:
      model.fines.rows.length > 0
        ? `Fines add ${formatUsdShort(model.fines.totalExpectedAnnualUsd)} a year to the expected loss.`
        : 'No fine regime applies to the profile entered.',
    bullets: [...model.fines.rows.map((r) => `${r.label}: ${formatUsdShort(r.expectedAnnualUsd)} a year`), ...model.fines.outsideTheAle],
    notes:
      'Fines are simulated per incident under each regime that applies to us, capped at each regime’s legal maximum, and are already inside the expected loss. Lines marked “not in the expected loss” are separate exposures to know about.',
  };
}

function methodSlide(model: SlideSource): ReportSlide {
  const p = model.precision;
  return {
    id: 'method',
    title: 'Method and limits',
    takeaway: `The model simulates ${model.meta.iterations.toLocaleString('en-US')} possible years for an organisation like ours, using published incident and cost studies; every number is traceable to its source.`,
    bullets: [
      'How often: the chance of an incident comes from published incident rates for our revenue and industry, adjusted by our security answers.',
      'How much: each incident costs response, lost business, notifying people, fines and ransom, sized from our headcount, revenue and records.',
      'Each fix is tested by re-running the same simulated years with that control at best practice; fixes asked for together are run together.',
      `Simulation precision: the expected loss is known to about ±${formatUsdShort(1.96 * p.standardErrorUsd)} (${formatPercent(p.standardErrorShare)} standard error); this is not the range of a year's loss.`,
      'Limits: answers are self-reported, control costs are typical prices rather than quotes, and the figures are estimates, not forecasts.',
    ],
    notes: `The figures come from a simulation of ${model.meta.iterations.toLocaleString('en-US')} possible years for an organisation like ours, calibrated to published incident and cost studies. They are estimates with a stated precision, not forecasts; the appendix lists every source. The verification workbook lets an auditor recompute the analytic parts in Excel.`,
  };
}

function buildSlides(model: SlideSource): ReportSlide[] {
  return [
    titleSlide(model),
    headlineSlide(model),
    exceedanceSlide(model),
    costBreakdownSlide(model),
    ...(model.scenarios === null
      ? []
      : [
          {
            id: 'scenarios' as const,
            title: 'Where the loss comes from',
            takeaway: model.scenarios.takeaway,
            bullets: [...model.scenarios.shortLines, ...model.scenarios.fixLines],
            notes: model.scenarios.notes,
          },
        ]),
    driversSlide(model),
    fixesSlide(model),
    decisionSlide(model),
    finesSlide(model),
    { id: 'insurance', ...coverageSlide(model.coverage) },
    { id: 'whatChanged', title: 'What changed since last time', ...whatChangedSlide(model.whatChanged, model) },
    methodSlide(model),
  ];
}

/** What the priced options are drawn from: the board figures' controls and plan, the appetite and budget kept with the assessment. */
function optionsSourceOf(input: RiskInput, result: RiskResult, riskProfile: RiskProfileSettings | null, boardFigures: ReturnType<typeof buildBoardFigures>): OptionsSource {
  return {
    input,
    result,
    controls: boardFigures.controls,
    plan: boardFigures.plan,
    appetiteUsd: riskProfile?.appetiteUsd ?? null,
    budgetUsd: riskProfile?.budgetUsd ?? null,
  };
}

/** The engine runs computeDecisionFigures reads: the priced options' (decision-options.ts). */
export function decisionFigureRuns(input: RiskInput, result: RiskResult, riskProfile: RiskProfileSettings | null): ModelRuns {
  const view = readResult(result);
  return decisionOptionRuns(optionsSourceOf(input, result, riskProfile, buildBoardFigures(result, view, buildUnknownFactors(view))));
}

/** The engine runs buildReportModel reads (model-runs.ts): the typical peer's and the priced options'. */
export function reportRuns(input: RiskInput, result: RiskResult, riskProfile: RiskProfileSettings | null): ModelRuns {
  return { ...peerRuns(input, result), ...decisionFigureRuns(input, result, riskProfile) };
}

/**
 * The coverage, the figures of the board message and the key figures with the priced options of one
 * completed assessment: computed once here for the report model and the results API (ADR 271),
 * from the results of decisionFigureRuns.
 */
export function computeDecisionFigures(
  input: RiskInput,
  result: RiskResult,
  riskProfile: RiskProfileSettings | null,
  runResults: ModelRunResults,
  unknownFactors: ReportModel['unknownFactors'] = buildUnknownFactors(readResult(result)),
) {
  const view = readResult(result);
  const coverage = computeCoverage(result, riskProfile);
  const boardFigures = buildBoardFigures(result, view, unknownFactors);
  const options = computeDecisionOptions(optionsSourceOf(input, result, riskProfile, boardFigures), runResults);
  const keyFigures = computeKeyFigures({
    aleUsd: view.aleUsd,
    postureScore: result.riskScore.score,
    coverage,
    plan: boardFigures.plan,
    options,
  });
  return { coverage, boardFigures, keyFigures };
}

/**
 * Builds the board briefing of one completed assessment from the results of its reportRuns. Pure:
 * the same source and results give the same model.
 */
export function buildReportModel(source: ReportSource, runResults: ModelRunResults): ReportModel {
  const { assessment } = source;
  const result = assessment.result;
  const view = readResult(result);
  // The organisation assessed, never the signed-in account's own company (ADR 217).
  const organisationName = result.profile.name?.trim() || source.organisationName.trim() || 'Your organisation';
  const ci = 1.96 * view.standardErrorUsd;
  const unknownFactors = buildUnknownFactors(view);
  // Rated again here with the appetite kept with the assessment: the engine knows only the revenue (ADR 206).
  const appetiteUsd = source.riskProfile?.appetiteUsd ?? null;
  const band = rateExposure(
    {
      expectedUsd: view.aleUsd,
      oneInTwentyUsd: view.percentilesUsd.p95,
      oneInHundredUsd: view.percentilesUsd.p99,
      annualRevenueUsd: result.profile.annualRevenueUsd,
    },
    appetiteUsd,
  );
  // Typical (middle) prices everywhere, as on the results page (ADR 271).
  const fixes = view.recommendations
    .filter((r) => paysForItself(r.annualLossReductionUsd, r.annualCostMidUsd))
    .slice(0, MAX_FIXES)
    .map((r, i) => toFix({ ...r, rank: i + 1 }));
  const scenarios = buildScenarioSection(
    result,
    fixes.map((f) => f.name),
  );
  const { coverage, boardFigures, keyFigures } = computeDecisionFigures(
    assessment.input,
    result,
    source.riskProfile ?? null,
    runResults,
    unknownFactors,
  );
  const required = keyFigures.options?.options.find((o) => o.id === 'required');
  const requiredPrice =
    required === undefined || required.controls.length === 0
      ? null
      : {
          costMidUsd: required.annualCostMidUsd,
          costLowUsd: required.annualCostLowUsd,
          costHighUsd: required.annualCostHighUsd,
          savingUsd: required.savingUsd,
          lossLeftUsd: required.expectedLossLeftUsd,
          oneInHundredLeftUsd: required.oneInHundredLeftUsd,
        };
  const uncertainty = buildUncertaintySection(result);
  const withoutSlides: Omit<ReportModel, 'slides'> = {
    meta: {
      assessmentId: assessment.id,
      title: `Cyber risk board report: ${organisationName}`,
      organisationName,
      assessmentTitle: assessment.title,
      authorName: assessment.authorName ?? 'a former member of the organisation',
      completedAt: assessment.completedAt,
      completedOn: formatLongDate(assessment.completedAt),
      generatedAt: source.generatedAt,
      industry: getIndustry(result.profile.industry).label,
      employees: result.profile.employees,
      annualRevenueUsd: result.profile.annualRevenueUsd,
      engineVersion: view.engineVersion,
      seed: view.seed,
      iterations: view.iterations,
      fileStem: toFileStem(organisationName, source.generatedAt),
    },
    headline: {
      aleUsd: view.aleUsd,
      aleLowUsd: Math.max(0, view.aleUsd - ci),
      aleHighUsd: view.aleUsd + ci,
      probabilityOfAnyEvent: view.probabilityOfAnyEvent,
      costIfItHappensUsd: view.eventMedianUsd,
      costIfItHappensP95Usd: view.eventP95Usd,
      badYearUsd: view.percentilesUsd.p95,
      oneIn100Usd: view.percentilesUsd.p99,
      expectedShortfall99Usd: view.expectedShortfall99Usd,
      probabilityAbove1mUsd: view.probabilityAbove1mUsd,
      riskScore: result.riskScore.score,
      riskBandLabel: band.bandLabel,
      riskBandReason: band.reason,
    },
    peer: computePeerComparison(result, appetiteUsd, runResults),
    precision: {
      standardErrorUsd: view.standardErrorUsd,
      standardErrorShare: view.standardErrorShare,
      iterations: view.iterations,
      targetShare: view.precision?.targetRelativeStandardError ?? null,
      isTargetMet: view.precision === null || view.precision.targetRelativeStandardError === null ? null : view.precision.isTargetMet,
    },
    exceedance: result.lossExceedanceCurve.map((p) => ({ lossUsd: p.lossUsd, probability: p.probability })),
    costBreakdown: view.costBreakdown.map((c) => ({ label: c.label, expectedAnnualUsd: c.expectedAnnualUsd, share: c.share })),
    scenarios,
    uncertainty,
    scenarioAppendix: buildScenarioAppendix(scenarios, uncertainty),
    drivers: buildDrivers(result),
    // A break-even fix is not a top fix: only those that save more than their cost at the top of its price range (ADR 220).
    fixes,
    notWorthIt: buildNotWorthIt(view),
    unknownFactors,
    fines: buildFines(result, assessment.input.organisation.records),
    insurance: view.insurance,
    coverage,
    oneInHundred: view.oneInHundred,
    whatChanged: source.whatChanged,
    message: composeBoardMessage({ ...boardFigures, requiredPrice }),
    keyFigures,
    alerts: pageOneAlerts(result, coverage),
    method: buildMethod(result, view, unknownFactors, { coverage, key: keyFigures }),
  };
  return { ...withoutSlides, slides: buildSlides(withoutSlides) };
}
