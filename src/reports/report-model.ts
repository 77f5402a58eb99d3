import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { CalibrationKey } from '@/engine/calibration/calibration.ts';
import { explain } from '@/engine/explain.ts';
import { getFactor } from '@/engine/factors.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import { getIndustry } from '@/engine/industries.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatLongDate, formatPercent, formatReturnPeriod, formatUsdChange, formatUsdExact, formatUsdShort, toFileStem } from './format.ts';
import { readResult, type InsuranceView, type OneInHundredView, type RecommendationView, type ResultView } from './read-result.ts';
import type { WhatChanged } from './what-changed.ts';

/** Everything a report is built from: one completed assessment, and optionally the comparison with an earlier one. */
export interface ReportSource {
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
  /** When the report is produced (ISO); printed on the cover and in the file name. */
  readonly generatedAt: string;
}

export type SlideId = 'title' | 'headline' | 'exceedance' | 'costBreakdown' | 'drivers' | 'fixes' | 'fines' | 'insurance' | 'whatChanged' | 'method';

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
    readonly riskBandLabel: string;
  };
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
  readonly drivers: readonly ReportDriver[];
  readonly fixes: readonly ReportFix[];
  /**
   * Controls that cost more than they remove at typical prices: shown apart, never as fixes
   * (model 2.0.0; null when the stored result does not say, i.e. model 1.0.0).
   */
  readonly notWorthIt: { readonly fixes: readonly ReportFix[]; readonly summary: string } | null;
  /** "I don't know" answers and how far each moves the expected loss (empty when none). */
  readonly unknownFactors: readonly { readonly factorId: FactorId; readonly name: string; readonly ifBestUsd: number; readonly ifWorstUsd: number }[];
  readonly fines: {
    readonly rows: readonly { readonly label: string; readonly expectedAnnualUsd: number; readonly note: string }[];
    readonly totalExpectedAnnualUsd: number;
    readonly outsideTheAle: readonly string[];
  };
  readonly insurance: InsuranceView | null;
  /** The 1-in-100-year view (model 2.0.0; null for older results). */
  readonly oneInHundred: OneInHundredView | null;
  readonly whatChanged: WhatChanged | null;
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
const ANSWER_WORDS: { readonly [A in FactorAnswer]: string } = { best: 'best practice', partial: 'partly in place', worst: 'weakest answer', notApplicable: 'not applicable', unknown: 'not known' };

function buildDrivers(result: RiskResult): ReportDriver[] {
  const rows = result.attribution?.oneAtATime ?? [];
  return [...rows]
    .filter((r) => r.currentAnswer !== 'notApplicable')
    .sort((a, b) => b.deltaToWorstUsd - b.deltaToBestUsd - (a.deltaToWorstUsd - a.deltaToBestUsd))
    .slice(0, MAX_DRIVERS)
    .map((r) => ({ factorId: r.factorId, name: getFactor(r.factorId).name, answer: r.currentAnswer, toBestUsd: r.deltaToBestUsd, toWorstUsd: r.deltaToWorstUsd }));
}

function toFix({ factorId: _factorId, factorName, ...fix }: RecommendationView): ReportFix {
  return { ...fix, name: factorName };
}

function buildNotWorthIt(view: ResultView): ReportModel['notWorthIt'] {
  if (view.recommendationsNotWorthIt === null) return null;
  const fixes = view.recommendationsNotWorthIt.map(toFix);
  const summary =
    fixes.length === 0
      ? 'Every control that can still improve pays for itself at typical prices.'
      : `Not worth it at typical prices (they cost more a year than they remove): ${[...fixes]
          .sort((a, b) => b.annualLossReductionUsd - a.annualLossReductionUsd)
          .slice(0, MAX_NOT_WORTH_IT_NAMED)
          .map((f) => `${f.name} (removes ${formatUsdShort(f.annualLossReductionUsd)} for ${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)})`)
          .join('; ')}${fixes.length > MAX_NOT_WORTH_IT_NAMED ? `; and ${fixes.length - MAX_NOT_WORTH_IT_NAMED} more, listed in the verification workbook` : ''}.`;
  return { fixes, summary };
}

/** "Not known" answers, widest effect first. */
function buildUnknownFactors(view: ResultView): ReportModel['unknownFactors'] {
  return [...view.unknownFactors]
    .sort((a, b) => b.expectedAnnualLossIfWorstUsd - b.expectedAnnualLossIfBestUsd - (a.expectedAnnualLossIfWorstUsd - a.expectedAnnualLossIfBestUsd))
    .map((u) => ({ factorId: u.factorId, name: getFactor(u.factorId).name, ifBestUsd: u.expectedAnnualLossIfBestUsd, ifWorstUsd: u.expectedAnnualLossIfWorstUsd }));
}

/** One sentence naming the "not known" answers and the range each spans (empty string when none). */
function describeUnknowns(unknown: ReportModel['unknownFactors']): string {
  if (unknown.length === 0) return '';
  return `Answered "not known", which widens the range: ${unknown.map((u) => `${u.factorId} ${u.name} (expected loss ${formatUsdShort(u.ifBestUsd)} if best practice, ${formatUsdShort(u.ifWorstUsd)} if weakest)`).join('; ')}.`;
}

function buildFines(result: RiskResult): ReportModel['fines'] {
  const rows = result.fines.regimes.filter((r) => r.isApplicable).map((r) => ({ label: r.label, expectedAnnualUsd: r.expectedAnnualUsd, note: r.note }));
  const outside: string[] = [];
  const pci = result.fines.pciNonCompliance;
  if (pci) outside.push(`PCI DSS non-compliance fines of ${formatUsdShort(pci.lowUsd)}-${formatUsdShort(pci.highUsd)} over ${pci.months} months if validation lapses (charged by card brands, not in the expected loss).`);
  const ccpa = result.fines.ccpaStatutoryDamagesTail;
  if (ccpa) outside.push(`CCPA statutory damages of ${formatUsdShort(ccpa.lowUsd)}-${formatUsdShort(ccpa.highUsd)} if all ${ccpa.records.toLocaleString('en-US')} personal records were Californian (a tail scenario, not in the expected loss).`);
  return { rows, totalExpectedAnnualUsd: rows.reduce((s, r) => s + r.expectedAnnualUsd, 0), outsideTheAle: outside };
}

function collectSourceKeys(result: RiskResult): CalibrationKey[] {
  const keys = new Set<CalibrationKey>();
  for (const list of Object.values(result.derivation.sourceKeys)) for (const key of list) keys.add(key);
  for (const regime of result.fines.regimes) for (const key of regime.sourceKeys) keys.add(key);
  return [...keys].filter((key) => key in CALIBRATION);
}

function describePrecision(view: ResultView): string {
  const base = `Monte Carlo simulation of ${view.iterations.toLocaleString('en-US')} years (seed ${view.seed}); the expected loss is known to ±${formatUsdShort(1.96 * view.standardErrorUsd)} (95% interval, standard error ${formatPercent(view.standardErrorShare)} of the figure)`;
  const p = view.precision;
  if (p === null || p.targetRelativeStandardError === null) return `${base}.`;
  return `${base}; the target was ${formatPercent(p.targetRelativeStandardError)}, ${p.isTargetMet ? 'reached' : 'not reached within the iteration budget'}.`;
}

function buildMethod(result: RiskResult, view: ResultView, unknown: ReportModel['unknownFactors']): ReportModel['method'] {
  // The step-by-step derivation is model 2.x's; a model 1.0.0 result stored other derivation fields.
  const steps = view.isCurrentModel
    ? explain(result).steps.map((s) => ({ title: s.title, text: s.text }))
    : [{ title: 'Derivation', text: `This assessment was computed by risk model ${view.engineVersion}; its figures are shown as stored. The step-by-step derivation is given for model 2 results: re-run the assessment to see it.` }];
  const limits = [
    result.calibrationPopulation,
    describePrecision(view),
    `Losses are in US dollars before tax; they include ${view.costBreakdown.map((c) => c.label.toLowerCase()).join(', ')} where simulated.`,
    'Security answers are self-reported; an independent assessment narrows the range.',
    ...result.warnings.filter((w) => w.code !== 'factorsUnknown').map((w) => w.message),
  ];
  if (unknown.length > 0) limits.push(describeUnknowns(unknown));
  const sources = collectSourceKeys(result).map((key) => {
    const entry = CALIBRATION[key];
    return { key, label: entry.label, source: entry.source, isAssumption: entry.isAssumption };
  });
  return { steps, limits, sources };
}

function describeOneInHundred(one: OneInHundredView | null, view: ResultView): string[] {
  if (one === null) return [`Share of a 1-in-100 year the policy covers, and the limit that would cover it: not available for model ${view.engineVersion}`];
  const lines = [`A 1-in-100 year: ${formatUsdShort(one.oneInHundredYearLossUsd)} before insurance`];
  if (one.policyLimitUsd !== null) {
    lines.push(`The policy pays ${formatUsdShort(one.recoveredInOneInHundredYearUsd)} of it (${formatPercent(one.coveredShareOfOneInHundredYear)}); ${formatUsdShort(one.uncoveredInOneInHundredYearUsd)} stays with the organisation`);
  }
  lines.push(`Aggregate limit that would pay everything insurable in that year (after retention and co-insurance): ${formatUsdShort(one.limitToCoverOneInHundredYearUsd)}`);
  return lines;
}

function insuranceSlide(insurance: InsuranceView | null, one: OneInHundredView | null, view: ResultView): Pick<ReportSlide, 'takeaway' | 'bullets' | 'notes'> {
  if (!insurance) {
    return {
      takeaway: 'No cyber-insurance policy was entered, so every dollar of loss stays with the organisation.',
      bullets: [`Expected annual loss kept: ${formatUsdExact(view.aleUsd)}`, ...describeOneInHundred(one, view), 'Enter the policy limit and retention in the assessment to see what it recovers.'],
      notes: `We did not enter an insurance policy, so the figures are what we would carry ourselves. A 1-in-100 year would cost about ${formatUsdShort(view.percentilesUsd.p99)}${one === null ? '' : `; a policy limit of about ${formatUsdShort(one.limitToCoverOneInHundredYearUsd)} (after retention and co-insurance) would pay what is insurable in such a year`}. That is the number to compare with any policy we are offered.`,
    };
  }
  const bullets = [
    `Policy: ${formatUsdShort(insurance.limitUsd)} aggregate limit, ${formatUsdShort(insurance.retentionUsd)} retention per event${insurance.coinsuranceShare > 0 ? `, ${formatPercent(insurance.coinsuranceShare)} co-insurance` : ''}`,
    `Recovered from the insurer in an average year: ${formatUsdExact(insurance.expectedRecoveredAnnualUsd)}`,
    `Kept by the organisation in an average year: ${formatUsdExact(insurance.expectedNetAnnualLossUsd)}`,
    ...describeOneInHundred(one, view),
  ];
  const inBadYear = one === null ? `In a 1-in-100 year we would still carry about ${formatUsdShort(insurance.netP99Usd)} ourselves.` : `In a 1-in-100 year (${formatUsdShort(one.oneInHundredYearLossUsd)}) the policy pays ${formatPercent(one.coveredShareOfOneInHundredYear)} and we carry ${formatUsdShort(one.uncoveredInOneInHundredYearUsd)} ourselves; a limit of ${formatUsdShort(one.limitToCoverOneInHundredYearUsd)} would pay everything insurable in that year.`;
  return {
    takeaway: `The policy recovers about ${formatUsdShort(insurance.expectedRecoveredAnnualUsd)} in an average year; we keep ${formatUsdShort(insurance.expectedNetAnnualLossUsd)}.`,
    bullets,
    notes: `Our policy has a ${formatUsdShort(insurance.limitUsd)} limit and a ${formatUsdShort(insurance.retentionUsd)} retention. On average it pays ${formatUsdShort(insurance.expectedRecoveredAnnualUsd)} a year of our losses. ${inBadYear} The question for the board is whether that is a loss we can absorb.`,
  };
}

function whatChangedSlide(change: WhatChanged | null): Pick<ReportSlide, 'takeaway' | 'bullets' | 'notes'> {
  if (!change) {
    return {
      takeaway: 'This is the first completed assessment: it is the baseline the next one will be compared with.',
      bullets: ['Repeat the assessment after the top fixes are in place to see the dollar effect of each change.'],
      notes: 'There is no earlier assessment to compare with. Next time, this slide will show, in dollars, how much of the change came from our security work, our compliance status, our growth and the model itself.',
    };
  }
  const direction = change.totalDeltaUsd <= 0 ? 'down' : 'up';
  const bullets = change.steps.map((s) => `${s.label}: ${formatUsdChange(s.deltaUsd)}${s.changes.length > 0 ? ` (${s.changes.slice(0, 2).join('; ')}${s.changes.length > 2 ? `; ${s.changes.length - 2} more` : ''})` : ''}`);
  const biggest = [...change.steps].sort((a, b) => Math.abs(b.deltaUsd) - Math.abs(a.deltaUsd))[0];
  return {
    takeaway: `Expected annual loss went ${direction} ${formatUsdChange(change.totalDeltaUsd).replace(/^[+-]/, '')}: from ${formatUsdExact(change.previous.aleUsd)} to ${formatUsdExact(change.current.aleUsd)}.`,
    bullets,
    notes: `Since the assessment of ${formatLongDate(change.previous.completedAt)}, the expected annual loss moved from ${formatUsdShort(change.previous.aleUsd)} to ${formatUsdShort(change.current.aleUsd)}. Each bar re-runs the model on the same simulated years, changing one thing at a time${biggest ? `; the biggest single effect is ${biggest.label.toLowerCase()} (${formatUsdChange(biggest.deltaUsd)})` : ''}.`,
  };
}

type SlideSource = Omit<ReportModel, 'slides'>;

function titleSlide(model: SlideSource): ReportSlide {
  const name = model.meta.organisationName;
  return {
    id: 'title',
    title: `Cyber risk in dollars: ${name}`,
    takeaway: `Board briefing on the assessment of ${model.meta.completedOn}.`,
    bullets: [`Prepared by ${model.meta.authorName}`, `${model.meta.industry}, ${model.meta.employees.toLocaleString('en-US')} employees, ${formatUsdShort(model.meta.annualRevenueUsd)} revenue`, `Risk model ${model.meta.engineVersion}`],
    notes: `This briefing puts our cyber risk in dollars so we can weigh it like any other business risk. It is based on the assessment completed on ${model.meta.completedOn}.`,
  };
}

function headlineSlide(model: SlideSource): ReportSlide {
  const h = model.headline;
  const es = h.expectedShortfall99Usd;
  return {
    id: 'headline',
    title: 'The number',
    takeaway: `We should expect to lose ${formatUsdExact(h.aleUsd)} a year on average to cyber incidents.`,
    bullets: [
      `Expected annual loss: ${formatUsdExact(h.aleUsd)} (${formatUsdShort(h.aleLowUsd)} to ${formatUsdShort(h.aleHighUsd)})`,
      `Chance of at least one loss event this year: ${formatPercent(h.probabilityOfAnyEvent)} (${formatReturnPeriod(h.probabilityOfAnyEvent)})`,
      `Cost if it happens (median event): ${formatUsdShort(h.costIfItHappensUsd)}; 1 event in 20 costs more than ${formatUsdShort(h.costIfItHappensP95Usd)}`,
      `A bad year (1 in 20): ${formatUsdShort(h.badYearUsd)}; 1 in 100: ${formatUsdShort(h.oneIn100Usd)}`,
      `Average of the worst 1% of years: ${formatUsdShort(es)}`,
      `Risk score ${h.riskScore.toFixed(0)} / 100 (${h.riskBandLabel})`,
      ...(model.unknownFactors.length > 0 ? [describeUnknowns(model.unknownFactors)] : []),
    ],
    notes: `The average year costs us about ${formatUsdShort(h.aleUsd)}, but most years cost nothing: there is a ${formatPercent(h.probabilityOfAnyEvent)} chance of at least one incident in a year, and when one happens the typical bill is ${formatUsdShort(h.costIfItHappensUsd)}. One year in twenty would cost ${formatUsdShort(h.badYearUsd)} or more. The precision of the simulation is ±${formatUsdShort(h.aleHighUsd - h.aleUsd)}.${model.unknownFactors.length > 0 ? ` Part of the spread is what we do not know: ${model.unknownFactors.map((u) => u.name).join(', ')}; answering ${model.unknownFactors.length === 1 ? 'it' : 'them'} narrows the range.` : ''}`,
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
    notes: 'The curve reads like a flood map: for each amount on the bottom axis it shows the chance that a year costs more than that. Compare it with what we could absorb without harm: where the curve crosses that line is the chance of a year we would not want.',
  };
}

function costBreakdownSlide(model: SlideSource): ReportSlide {
  const topCost = [...model.costBreakdown].sort((a, b) => b.expectedAnnualUsd - a.expectedAnnualUsd)[0];
  return {
    id: 'costBreakdown',
    title: 'Where the money goes',
    takeaway: topCost ? `${topCost.label} is the largest part: ${formatPercent(topCost.share)} of the expected loss.` : 'The expected loss by cost category.',
    bullets: model.costBreakdown.map((c) => `${c.label}: ${formatUsdShort(c.expectedAnnualUsd)} a year (${formatPercent(c.share)})`),
    notes: 'An incident is not one bill. The expected loss splits into response and investigation, notifying people, the clean-up after a breach, lost business, regulatory fines and ransom. The split tells us which costs insurance and preparation should target.',
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
    bullets: model.drivers.map((d) => `${d.name} (now ${ANSWER_WORDS[d.answer]}): ${formatUsdChange(d.toBestUsd)} / ${formatUsdChange(d.toWorstUsd)}`),
    notes: 'Each bar changes one answer, keeping everything else as it is, and re-runs the model on the same simulated years: to the left is what we would save by reaching best practice, to the right what we would lose by slipping to the weakest answer.',
  };
}

function fixesSlide(model: SlideSource): ReportSlide {
  const topFix = model.fixes[0];
  const fixTotal = model.fixes.reduce((s, f) => s + f.annualLossReductionUsd, 0);
  const fixCost = model.fixes.reduce((s, f) => s + f.annualCostMidUsd, 0);
  return {
    id: 'fixes',
    title: 'The top fixes',
    takeaway: topFix
      ? `${model.fixes.length === 1 ? 'The top fix removes' : `The top ${model.fixes.length} fixes remove`} ${formatUsdShort(fixTotal)} of expected loss a year (each measured alone) for about ${formatUsdShort(fixCost)} a year.`
      : 'Every improvable control is already at best practice.',
    bullets: [
      ...model.fixes.map(
        (f) =>
          `${f.rank}. ${f.name}: removes ${formatUsdShort(f.annualLossReductionUsd)} a year${f.expectedShortfall99ReductionUsd === null ? '' : ` (${formatUsdShort(f.expectedShortfall99ReductionUsd)} off the worst 1% of years)`} for ${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)}; return ${f.returnOnSecurityInvestment.toFixed(1)}×${f.paybackMonths === null ? '' : `, payback ${f.paybackMonths.toFixed(1)} months`}`,
      ),
      ...(model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 ? [model.notWorthIt.summary] : []),
    ],
    notes: topFix
      ? `If we do one thing first: ${topFix.action.replace(/\.$/, '')}. It removes about ${formatUsdShort(topFix.annualLossReductionUsd)} of expected loss a year for about ${formatUsdShort(topFix.annualCostMidUsd)} a year. Costs are typical ranges for an organisation of our size, not quotes.${model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 ? ` ${model.notWorthIt.fixes.length === 1 ? 'One control costs' : `${model.notWorthIt.fixes.length} controls cost`} more than ${model.notWorthIt.fixes.length === 1 ? 'it removes' : 'they remove'} at typical prices; they are listed apart, not as fixes.` : ''}`
      : 'Our answers are at best practice wherever they can be improved; the remaining risk is what an organisation of our size and sector carries.',
  };
}

function finesSlide(model: SlideSource): ReportSlide {
  return {
    id: 'fines',
    title: 'Regulatory fines',
    takeaway: model.fines.rows.length > 0 ? `Fines add ${formatUsdShort(model.fines.totalExpectedAnnualUsd)} a year to the expected loss.` : 'No fine regime applies to the profile entered.',
    bullets: [...model.fines.rows.map((r) => `${r.label}: ${formatUsdShort(r.expectedAnnualUsd)} a year`), ...model.fines.outsideTheAle],
    notes: 'Fines are simulated per incident under each regime that applies to us, capped at each regime’s legal maximum, and are already inside the expected loss. Lines marked “not in the expected loss” are separate exposures to know about.',
  };
}

function methodSlide(model: SlideSource): ReportSlide {
  return {
    id: 'method',
    title: 'Method and limits',
    takeaway: `Monte Carlo simulation of ${model.meta.iterations.toLocaleString('en-US')} years with published industry data; every number is traceable to its source.`,
    bullets: model.method.limits.slice(0, 5),
    notes: `The figures come from a simulation of ${model.meta.iterations.toLocaleString('en-US')} possible years for an organisation like ours, calibrated to published incident and cost studies. They are estimates with a stated precision, not forecasts; the appendix lists every source. The verification workbook lets an auditor recompute the analytic parts in Excel.`,
  };
}

function buildSlides(model: SlideSource, view: ResultView): ReportSlide[] {
  return [
    titleSlide(model),
    headlineSlide(model),
    exceedanceSlide(model),
    costBreakdownSlide(model),
    driversSlide(model),
    fixesSlide(model),
    finesSlide(model),
    { id: 'insurance', title: 'The insurance view', ...insuranceSlide(model.insurance, model.oneInHundred, view) },
    { id: 'whatChanged', title: 'What changed since last time', ...whatChangedSlide(model.whatChanged) },
    methodSlide(model),
  ];
}

/** Builds the board briefing of one completed assessment. Pure: the same source gives the same model. */
export function buildReportModel(source: ReportSource): ReportModel {
  const { assessment } = source;
  const result = assessment.result;
  const view = readResult(result);
  const organisationName = source.organisationName.trim() || result.profile.name || 'Your organisation';
  const ci = 1.96 * view.standardErrorUsd;
  const unknownFactors = buildUnknownFactors(view);
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
      riskBandLabel: result.riskScore.bandLabel,
    },
    precision: {
      standardErrorUsd: view.standardErrorUsd,
      standardErrorShare: view.standardErrorShare,
      iterations: view.iterations,
      targetShare: view.precision?.targetRelativeStandardError ?? null,
      isTargetMet: view.precision === null || view.precision.targetRelativeStandardError === null ? null : view.precision.isTargetMet,
    },
    exceedance: result.lossExceedanceCurve.map((p) => ({ lossUsd: p.lossUsd, probability: p.probability })),
    costBreakdown: view.costBreakdown.map((c) => ({ label: c.label, expectedAnnualUsd: c.expectedAnnualUsd, share: c.share })),
    drivers: buildDrivers(result),
    fixes: view.recommendations.slice(0, MAX_FIXES).map(toFix),
    notWorthIt: buildNotWorthIt(view),
    unknownFactors,
    fines: buildFines(result),
    insurance: view.insurance,
    oneInHundred: view.oneInHundred,
    whatChanged: source.whatChanged,
    method: buildMethod(result, view, unknownFactors),
  };
  return { ...withoutSlides, slides: buildSlides(withoutSlides, view) };
}
