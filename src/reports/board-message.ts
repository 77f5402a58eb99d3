import type { FactorId } from '@/engine/factors.ts';
import { formatPercent, formatReturnPeriod, formatUsdExact, formatUsdShort, listNames, months } from './format.ts';
import type { FixPlanView, RequiredReasonView } from './read-fix-plan.ts';

/**
 * Every sentence of the board message (page 1 of the PDF, the headline and decision slides, the
 * fixes takeaway) is written here, from the figures only, so that no sentence can say something
 * the figures do not (ADR 220). Pure: the same figures give the same words.
 */

/** One control not yet at best practice, with what raising it to best practice alone would do. */
export interface ControlOption {
  readonly factorId: FactorId;
  readonly name: string;
  /** Expected annual loss removed with this control alone at best practice (one-at-a-time run). */
  readonly savingAloneUsd: number;
  readonly costLowUsd: number;
  readonly costMidUsd: number;
  readonly costHighUsd: number;
  readonly required: readonly RequiredReasonView[];
}

export interface BoardFigures {
  readonly aleUsd: number;
  readonly probabilityOfAnyEvent: number;
  /** Cost of one incident: median and 1 in 20 incidents. */
  readonly eventMedianUsd: number;
  readonly eventP95Usd: number;
  /** Annual loss percentiles (years). */
  readonly percentilesUsd: { readonly p90: number; readonly p95: number; readonly p99: number };
  /** "I don't know" answers and the expected loss with each at best and at weakest (others unchanged). */
  readonly unknownFactors: readonly { readonly name: string; readonly ifBestUsd: number; readonly ifWorstUsd: number }[];
  /** Controls not yet at best practice, as the stored result lists them. */
  readonly controls: readonly ControlOption[];
  /**
   * False when the stored result lists only the controls that pay for themselves (model 1.0.0):
   * then nothing can be said about the others, and "no fix pays" is never claimed.
   */
  readonly listsEveryControl: boolean;
  /** The joint plan (null for results stored before it existed). */
  readonly plan: FixPlanView | null;
  /** The required controls priced together (option A of decision-options.ts); null when none is required or the result cannot be re-run. */
  readonly requiredPrice?: RequiredPrice | null;
  readonly engineVersion: string;
}

/** What the required controls cost and do together: one joint run (decision-options.ts, ADR 270). */
export interface RequiredPrice {
  readonly costMidUsd: number;
  readonly costLowUsd: number;
  readonly costHighUsd: number;
  readonly savingUsd: number;
  readonly lossLeftUsd: number;
  readonly oneInHundredLeftUsd: number;
}

/** ", for about $45K a year ($30K-$60K): together they save ..." - the price of the required controls, or nothing without one. */
function requiredPriceWords(price: RequiredPrice | null | undefined, count: number): string {
  if (price === null || price === undefined) return '';
  return ` for about ${formatUsdShort(price.costMidUsd)} a year (${formatUsdShort(price.costLowUsd)}-${formatUsdShort(price.costHighUsd)}): ${count === 1 ? 'it saves' : 'together they save'} ${formatUsdShort(price.savingUsd)} a year and leave an expected loss of ${formatUsdShort(price.lossLeftUsd)} and a 1-in-100 year of ${formatUsdShort(price.oneInHundredLeftUsd)}; bought for compliance and insurability, not for payback`;
}

/** A fix the board is asked to approve, with the saving of the plan up to and including it. */
interface AskedFix {
  readonly name: string;
  readonly costLowUsd: number;
  readonly costHighUsd: number;
  readonly costMidUsd: number;
  /** Saving of this fix alone, or given the earlier ones when the plan is joint. */
  readonly savingUsd: number;
}

/** One row of the decision table. */
export interface DecisionRow {
  readonly name: string;
  /** 'plan': asked for on its return; 'required': asked for because it is required; 'option': neither (shown when no fix pays). */
  readonly kind: 'plan' | 'required' | 'option';
  readonly savingUsd: number;
  /** 'alone': measured with this control only; 'onTop': given the plan's earlier fixes (joint runs). */
  readonly savingBasis: 'alone' | 'onTop';
  readonly costLowUsd: number;
  readonly costHighUsd: number;
  readonly requiredBy: readonly string[];
  /** The reasons in full, with their citations (the PDF's decision page prints them). */
  readonly reasons: readonly string[];
}

/** What the board is asked to decide, as figures and sentences. */
export interface BoardDecision {
  readonly takeaway: string;
  readonly fixes: readonly AskedFix[];
  /** True when `together` comes from one joint run of all the asked fixes. */
  readonly isJoint: boolean;
  /** The asked fixes together (joint run); null when there is no ask or no joint plan. */
  readonly together: {
    readonly savingUsd: number;
    readonly annualCostUsd: number;
    readonly lossAfterUsd: number;
    readonly lossBeforeUsd: number;
    readonly paybackMonths: number;
  } | null;
  readonly askLines: readonly string[];
  readonly doNothing: string;
  /** Controls required whatever their return and not already asked for: one short line each (who requires it, cost, saving). */
  readonly requiredLines: readonly string[];
  /** The table of the decision page and slide: the asked fixes first, then the required ones, or every control when no fix pays. */
  readonly rows: readonly DecisionRow[];
  /** What goes under the table: the combined effect (or why there is none) and what happens if we do nothing. */
  readonly closingLines: readonly string[];
  /** When no fix pays for itself: each control not at best practice with its saving and cost. */
  readonly noPayingFixLines: readonly string[];
  readonly notes: string;
}

export interface BoardMessage {
  readonly headline: {
    /** The one sentence: chance of an incident this year and what one costs. */
    readonly takeaway: string;
    readonly averageLine: string;
    /** The spread of the annual loss (years), not the simulation's precision. */
    readonly spreadLine: string;
    /** Why a tail figure below one incident's cost is not a contradiction (null when none is). */
    readonly tailExplanation: string | null;
    readonly unknownLine: string | null;
    readonly notes: string;
  };
  /** The fixes section's takeaway. */
  readonly fixesTakeaway: string;
  /** Fixes that only break even at typical prices (saving between the mid and the high cost): never top fixes. */
  readonly breakEvenLine: string | null;
  readonly decision: BoardDecision;
}

/**
 * Pays for itself: removes at least its typical (middle) price a year. The results page, the joint
 * plan and every format use this one price basis (ADR 271), so no pack can contradict its results page.
 */
export function paysForItself(savingUsd: number, costMidUsd: number): boolean {
  return savingUsd > 0 && savingUsd >= costMidUsd;
}

/** Worth it only at the low end of its price range: saves its low price but not its typical one. */
function isBreakEven(c: ControlOption): boolean {
  return !paysForItself(c.savingAloneUsd, c.costMidUsd) && c.savingAloneUsd >= c.costLowUsd;
}

function costRange(low: number, high: number): string {
  return `${formatUsdShort(low)}-${formatUsdShort(high)} a year`;
}

/** "9 in 10" / "92 in 100": the share of years with no incident, in words a board reads. */
function quietYears(probabilityOfAnyEvent: number): string {
  const quiet = Math.round((1 - probabilityOfAnyEvent) * 100);
  return `${quiet} years in 100`;
}

function incidentSentence(f: BoardFigures): string {
  if (f.probabilityOfAnyEvent <= 0) return 'No incident occurred in any simulated year.';
  return `There is a ${formatPercent(f.probabilityOfAnyEvent)} chance of at least one cyber incident this year (${formatReturnPeriod(f.probabilityOfAnyEvent)}); one incident typically costs ${formatUsdShort(f.eventMedianUsd)}, and a severe one (1 incident in 20) ${formatUsdShort(f.eventP95Usd)} or more.`;
}

/** Tail years worth printing: a 1-in-T year shown only when it is a year with an incident (ADR 220). */
function spreadOfYears(f: BoardFigures): { line: string; explanation: string | null } {
  const parts = [`no loss in about ${quietYears(f.probabilityOfAnyEvent)}`];
  const tails = [
    { period: 10, usd: f.percentilesUsd.p90 },
    { period: 20, usd: f.percentilesUsd.p95 },
    { period: 100, usd: f.percentilesUsd.p99 },
  ].filter((t) => t.usd > 0);
  for (const t of tails) parts.push(`1 year in ${t.period} costs more than ${formatUsdShort(t.usd)}`);
  const belowOneIncident = tails.filter((t) => t.usd < f.eventMedianUsd);
  const explanation =
    belowOneIncident.length === 0
      ? null
      : `Why a 1-in-${belowOneIncident[0]?.period} year (${formatUsdShort(belowOneIncident[0]?.usd ?? 0)}) costs less than one typical incident: only ${formatPercent(f.probabilityOfAnyEvent)} of years have an incident at all, so a year that is 1 in ${belowOneIncident[0]?.period} is usually a year with one of the milder incidents.`;
  return { line: `Spread of the annual loss: ${parts.join('; ')}.`, explanation };
}

function unknownSentence(f: BoardFigures): string | null {
  const [widest, ...others] = [...f.unknownFactors].sort((a, b) => b.ifWorstUsd - b.ifBestUsd - (a.ifWorstUsd - a.ifBestUsd));
  if (widest === undefined) return null;
  const rest = others.map((u) => `${u.name} ${formatUsdShort(u.ifBestUsd)} to ${formatUsdShort(u.ifWorstUsd)}`).join('; ');
  return `Answers given as "I don't know" add a range: depending on the true answer for ${widest.name}, the expected loss would be ${formatUsdShort(widest.ifBestUsd)} to ${formatUsdShort(widest.ifWorstUsd)}${rest === '' ? '' : ` (${rest}; each with the other answers as given)`}.`;
}

/** The plan's first steps that each pay for themselves with a margin: a prefix, so the together figure stays one joint run. */
function askedPrefix(plan: FixPlanView, controls: readonly ControlOption[]): { fixes: AskedFix[]; lastIndex: number } {
  const fixes: AskedFix[] = [];
  for (const step of plan.steps) {
    const control = controls.find((c) => c.factorId === step.factorId);
    if (!paysForItself(step.stepSavingUsd, step.annualCostMidUsd)) break;
    fixes.push({
      name: step.name,
      costLowUsd: control?.costLowUsd ?? step.annualCostMidUsd,
      costHighUsd: control?.costHighUsd ?? step.annualCostMidUsd,
      costMidUsd: step.annualCostMidUsd,
      savingUsd: step.stepSavingUsd,
    });
  }
  return { fixes, lastIndex: fixes.length - 1 };
}

function requiredBy(c: ControlOption): string[] {
  return [...new Set(c.required.map((r) => r.requiredBy))];
}

function requiredNotAsked(controls: readonly ControlOption[], asked: readonly AskedFix[]): ControlOption[] {
  const askedNames = new Set(asked.map((x) => x.name));
  return controls.filter((c) => c.required.length > 0 && !askedNames.has(c.name)).sort((a, b) => b.savingAloneUsd - a.savingAloneUsd);
}

function requiredLines(required: readonly ControlOption[]): string[] {
  return required.map(
    (c) =>
      `${c.name}: required by ${listNames(requiredBy(c))}; about ${costRange(c.costLowUsd, c.costHighUsd)}, saves ${formatUsdShort(c.savingAloneUsd)} a year on its own.`,
  );
}

function controlRow(c: ControlOption, kind: DecisionRow['kind']): DecisionRow {
  return {
    name: c.name,
    kind,
    savingUsd: c.savingAloneUsd,
    savingBasis: 'alone',
    costLowUsd: c.costLowUsd,
    costHighUsd: c.costHighUsd,
    requiredBy: requiredBy(c),
    reasons: c.required.map((r) => r.reason),
  };
}

function askedRows(asked: readonly AskedFix[], controls: readonly ControlOption[], isJoint: boolean): DecisionRow[] {
  return asked.map((x, i) => {
    const c = controls.find((o) => o.name === x.name);
    return {
      name: x.name,
      kind: 'plan',
      savingUsd: x.savingUsd,
      savingBasis: isJoint && i > 0 ? 'onTop' : 'alone',
      costLowUsd: x.costLowUsd,
      costHighUsd: x.costHighUsd,
      requiredBy: c ? requiredBy(c) : [],
      reasons: c?.required.map((r) => r.reason) ?? [],
    };
  });
}

function doNothingLine(f: BoardFigures): string {
  const tail = f.percentilesUsd.p99 > 0 ? `; 1 year in 100 costs more than ${formatUsdShort(f.percentilesUsd.p99)}` : '';
  return `If we do nothing, we keep an expected loss of ${formatUsdExact(f.aleUsd)} a year: a ${formatPercent(f.probabilityOfAnyEvent)} chance of an incident each year, typically costing ${formatUsdShort(f.eventMedianUsd)}${tail}.`;
}

function noPayingFixLines(controls: readonly ControlOption[]): string[] {
  return [...controls]
    .sort((a, b) => b.savingAloneUsd - a.savingAloneUsd)
    .map(
      (c) =>
        `${c.name}: saves ${formatUsdShort(c.savingAloneUsd)} a year for about ${costRange(c.costLowUsd, c.costHighUsd)}${c.required.length > 0 ? `; required anyway by ${listNames([...new Set(c.required.map((r) => r.requiredBy))])}` : ''}.`,
    );
}

type Decided = Omit<BoardDecision, 'closingLines'>;

/** The controls a framework requires that the ask leaves out, their lines, and the sentence that asks for them too. */
function requiredBesides(f: BoardFigures, asked: readonly AskedFix[]) {
  const required = requiredNotAsked(f.controls, asked);
  const names = required.map((c) => c.name);
  return {
    required,
    requiredLines: requiredLines(required),
    requiredAsk:
      names.length > 0
        ? ` Whatever the return, ${listNames(names)} ${names.length === 1 ? 'is' : 'are'} required; approve ${names.length === 1 ? 'it' : 'them'} as well${asked.length === 0 ? requiredPriceWords(f.requiredPrice, names.length) : ''}.`
        : '',
  };
}

/**
 * What the board is asked to decide, in the first case that holds: the stored plan's fixes measured
 * together; else the fixes that pay for themselves each measured alone (an older result without a
 * joint run); else nothing to ask, because the result cannot tell, because every control is at best
 * practice, or because no fix pays for itself.
 */
function decide(f: BoardFigures): Decided {
  const doNothing = doNothingLine(f);
  const asked = jointPlanDecision(f, doNothing) ?? payingAloneDecision(f, doNothing);
  if (asked) return asked;
  if (!f.listsEveryControl) return olderResultDecision(f, doNothing);
  if (f.controls.length === 0) return bestPracticeDecision(doNothing);
  return noFixPaysDecision(f, doNothing);
}

/** A decision that asks for no fix: no rows, lines or figures of an ask unless the case gives some. */
function noFixAsked(
  doNothing: string,
  own: Pick<Decided, 'takeaway' | 'askLines' | 'notes'> & Partial<Pick<Decided, 'rows' | 'noPayingFixLines'>>,
): Decided {
  return { doNothing, requiredLines: [], rows: [], fixes: [], isJoint: false, together: null, noPayingFixLines: [], ...own };
}

/** The plan's fixes up to the last that still pays, measured together by the model; null without a plan or a saving. */
function jointPlanDecision(f: BoardFigures, doNothing: string): Decided | null {
  if (f.plan === null) return null;
  const { fixes, lastIndex } = askedPrefix(f.plan, f.controls);
  const last = f.plan.steps[lastIndex];
  if (last === undefined || last.cumulativeSavingUsd <= 0) return null;
  const together = {
    savingUsd: last.cumulativeSavingUsd,
    annualCostUsd: last.cumulativeAnnualCostUsd,
    lossAfterUsd: last.expectedLossAfterUsd,
    lossBeforeUsd: f.plan.expectedLossBeforeUsd,
    paybackMonths: (last.cumulativeAnnualCostUsd / last.cumulativeSavingUsd) * 12,
  };
  const what = fixes.length === 1 ? `one fix, ${fixes[0]?.name},` : `${fixes.length} fixes`;
  const { required, requiredLines, requiredAsk } = requiredBesides(f, fixes);
  return {
    doNothing,
    requiredLines,
    rows: [...askedRows(fixes, f.controls, true), ...required.map((c) => controlRow(c, 'required'))],
    takeaway: `We ask the board to approve ${what} for about ${formatUsdShort(together.annualCostUsd)} a year: ${fixes.length === 1 ? 'it cuts' : 'together they cut'} the expected loss by ${formatUsdShort(together.savingUsd)} a year, paying back in ${months(together.paybackMonths)}.`,
    fixes,
    isJoint: true,
    together,
    askLines: [
      ...fixes.map(
        (x, i) =>
          `${i + 1}. ${x.name}: about ${costRange(x.costLowUsd, x.costHighUsd)}; saves ${formatUsdShort(x.savingUsd)} a year${i === 0 ? '' : ' on top of the fixes above'}.`,
      ),
      `${fixes.length === 1 ? 'With it in place' : 'Together (the model run with all of them in place)'}: expected loss from ${formatUsdShort(together.lossBeforeUsd)} to ${formatUsdShort(together.lossAfterUsd)} a year, ${formatUsdShort(together.savingUsd)} less, for about ${formatUsdShort(together.annualCostUsd)} a year; payback ${months(together.paybackMonths)}.`,
    ],
    noPayingFixLines: [],
    notes: `The ask is ${listNames(fixes.map((x) => x.name))}. ${fixes.length === 1 ? 'It removes' : 'We measured them together, not one by one, because fixes overlap: together they remove'} ${formatUsdShort(together.savingUsd)} of our ${formatUsdShort(together.lossBeforeUsd)} expected yearly loss for about ${formatUsdShort(together.annualCostUsd)} a year.${requiredAsk} ${doNothing}`,
  };
}

/** Without a joint plan: each fix that pays for itself, shown measured alone, and no sum offered as a combined figure. */
function payingAloneDecision(f: BoardFigures, doNothing: string): Decided | null {
  const payingAlone = f.controls
    .filter((c) => paysForItself(c.savingAloneUsd, c.costMidUsd))
    .sort((a, b) => b.savingAloneUsd / b.costMidUsd - a.savingAloneUsd / a.costMidUsd);
  if (payingAlone.length === 0) return null;
  const fixes = payingAlone.map((c) => ({
    name: c.name,
    costLowUsd: c.costLowUsd,
    costHighUsd: c.costHighUsd,
    costMidUsd: c.costMidUsd,
    savingUsd: c.savingAloneUsd,
  }));
  const { required, requiredLines, requiredAsk } = requiredBesides(f, fixes);
  return {
    doNothing,
    requiredLines,
    rows: [...askedRows(fixes, f.controls, false), ...required.map((c) => controlRow(c, 'required'))],
    takeaway: `We ask the board to approve ${fixes.length === 1 ? `one fix, ${fixes[0]?.name}` : `${fixes.length} fixes`}: each removes more expected loss than it costs at typical prices.`,
    fixes,
    isJoint: false,
    together: null,
    askLines: [
      ...fixes.map(
        (x, i) =>
          `${i + 1}. ${x.name}: about ${costRange(x.costLowUsd, x.costHighUsd)}; saves ${formatUsdShort(x.savingUsd)} a year on its own.`,
      ),
      `Each saving is measured alone; fixes overlap, so together they save less than the sum. This result (model ${f.engineVersion}) has no combined run: re-run the assessment to get the combined figure.`,
    ],
    noPayingFixLines: [],
    notes: `Each of these fixes pays for itself on its own. We do not add their savings up: fixes overlap, and the combined effect needs the model run with all of them in place.${requiredAsk} ${doNothing}`,
  };
}

/** A result of an older model that did not record every control's saving and cost: nothing can be asked. */
function olderResultDecision(f: BoardFigures, doNothing: string): Decided {
  return noFixAsked(doNothing, {
    takeaway:
      'No fix is asked for: this result does not list the controls that would not pay for themselves, so it cannot show what each would save and cost.',
    askLines: [
      `Re-run the assessment on the current model (this result is model ${f.engineVersion}) to see each control's saving and cost.`,
    ],
    notes: `This assessment was computed by an older model that did not record every control's saving and cost. ${doNothing}`,
  });
}

/** Every control that applies is at best practice: insurance is the lever left. */
function bestPracticeDecision(doNothing: string): Decided {
  return noFixAsked(doNothing, {
    takeaway: 'No fix is asked for: every control that applies is already at best practice.',
    askLines: [
      'The remaining risk is what an organisation of this size and sector carries with every control at best practice; insurance is the lever left.',
    ],
    notes: `Every control that applies to us is at best practice. ${doNothing}`,
  });
}

/** Controls remain, but none pays for itself at typical prices: the required ones are approved, the rest of the risk accepted. */
function noFixPaysDecision(f: BoardFigures, doNothing: string): Decided {
  const { required, requiredAsk } = requiredBesides(f, []);
  const largest = [...f.controls].sort((a, b) => b.savingAloneUsd - a.savingAloneUsd)[0]!;
  const requiredNames = required.map((c) => c.name);
  const namedRequired = requiredNames.length <= 3 ? ` (${listNames(requiredNames)})` : `, marked in the table${f.requiredPrice ? ',' : ''}`;
  const decision =
    requiredNames.length > 0
      ? `approve the ${requiredNames.length === 1 ? 'control' : `${requiredNames.length} controls`} required regardless of return${namedRequired}${requiredPriceWords(f.requiredPrice, requiredNames.length)}, and accept the remaining risk`
      : 'accept the remaining risk, or act on a control if a cheaper offer than the typical price is found';
  return noFixAsked(doNothing, {
    takeaway: `No fix pays for itself at typical prices: ${f.controls.length} ${f.controls.length === 1 ? 'control is' : 'controls are'} not yet at best practice, but each would cost ${f.controls.some(isBreakEven) ? 'about as much as or more' : 'more'} a year than the expected loss it removes. The board is asked to ${decision}.`,
    // Every control is in the table with its saving, cost and who requires it, so the required ones get no second list (requiredLines stays empty).
    rows: [...f.controls]
      .sort((a, b) => b.savingAloneUsd - a.savingAloneUsd)
      .map((c) => controlRow(c, c.required.length > 0 ? 'required' : 'option')),
    askLines: [],
    noPayingFixLines: noPayingFixLines(f.controls),
    notes: `We found no fix that pays for itself at typical prices. The largest saving would come from ${largest.name}, and even it ${isBreakEven(largest) ? 'pays off only at the low end of its price range' : 'costs more a year than it saves'}.${requiredAsk} ${doNothing}`,
  });
}

/** Fixes that pay alone but not once the plan's fixes are in place: they overlap with them. */
function overlapSentence(f: BoardFigures, decision: BoardDecision): string {
  const asked = new Set(decision.fixes.map((x) => x.name));
  const overlapping = f.controls.filter((c) => !asked.has(c.name) && paysForItself(c.savingAloneUsd, c.costMidUsd)).map((c) => c.name);
  if (overlapping.length === 0) return '';
  return ` ${listNames(overlapping)} ${overlapping.length === 1 ? 'pays' : 'pay'} for ${overlapping.length === 1 ? 'itself' : 'themselves'} alone but not once ${decision.fixes.length === 1 ? 'that fix is' : 'those fixes are'} in place: they protect against the same incidents.`;
}

function fixesTakeaway(f: BoardFigures, decision: BoardDecision): string {
  if (decision.together !== null) {
    const n = decision.fixes.length;
    const overlap = overlapSentence(f, decision);
    return `${n === 1 ? `The top fix, ${decision.fixes[0]?.name}, cuts` : `Together, the top ${n} fixes cut`} the expected loss by ${formatUsdShort(decision.together.savingUsd)} a year (${n === 1 ? 'the model run with it in place' : 'measured together, not added up'}) for about ${formatUsdShort(decision.together.annualCostUsd)} a year.${overlap}`;
  }
  if (decision.fixes.length > 0) {
    const top = decision.fixes[0]!;
    return `${decision.fixes.length === 1 ? 'One fix pays' : `${decision.fixes.length} fixes pay`} for itself at typical prices; the best value, ${top.name}, saves ${formatUsdShort(top.savingUsd)} a year for about ${formatUsdShort(top.costMidUsd)}. Savings are measured one fix at a time and are not added up.`;
  }
  if (f.listsEveryControl && f.controls.length > 0) {
    // One sentence a slide can carry; every control is listed under it (noPayingFixLines).
    const top = [...f.controls].sort((a, b) => b.savingAloneUsd - a.savingAloneUsd)[0]!;
    const n = f.controls.length;
    return `No fix pays for itself at typical prices: ${n} ${n === 1 ? 'control is' : 'controls are'} not yet at best practice, and even the largest saving, ${top.name} (saves ${formatUsdShort(top.savingAloneUsd)} for ${formatUsdShort(top.costLowUsd)}-${formatUsdShort(top.costHighUsd)}), ${isBreakEven(top) ? 'pays off only at the low end of its price range' : 'costs more than it saves'}.`;
  }
  return decision.takeaway;
}

function breakEven(f: BoardFigures, decision: BoardDecision): string | null {
  const asked = new Set(decision.fixes.map((x) => x.name));
  const close = f.controls.filter((c) => isBreakEven(c) && !asked.has(c.name));
  if (close.length === 0) return null;
  return `Short of its typical price, so not a top fix (worth it only at the lower end of the price range): ${close.map((c) => `${c.name} (saves ${formatUsdShort(c.savingAloneUsd)} for ${formatUsdShort(c.costLowUsd)}-${formatUsdShort(c.costHighUsd)})`).join('; ')}.`;
}

/**
 * The decision rows a slide has room for: asked-for and required rows first, then the optional
 * ones by saving; the rest are counted with the largest saving among them, never silently dropped.
 */
export function rowsThatFit(rows: readonly DecisionRow[], maxRows: number): { rows: DecisionRow[]; omittedLine: string | null } {
  if (rows.length <= maxRows) return { rows: [...rows], omittedLine: null };
  const order = { plan: 0, required: 1, option: 2 } as const;
  const ranked = [...rows].sort((a, b) => order[a.kind] - order[b.kind] || b.savingUsd - a.savingUsd);
  const kept = new Set(ranked.slice(0, Math.max(1, maxRows - 1)));
  const omitted = rows.filter((r) => !kept.has(r));
  const largest = Math.max(...omitted.map((r) => r.savingUsd));
  return {
    rows: rows.filter((r) => kept.has(r)),
    omittedLine: `And ${omitted.length} more ${omitted.every((r) => r.kind === 'option') ? 'optional ' : ''}${omitted.length === 1 ? 'control' : 'controls'}, each saving ${formatUsdShort(largest)} a year or less (all are in the PDF report).`,
  };
}

/** The whole board message from the figures. */
export function composeBoardMessage(f: BoardFigures): BoardMessage {
  const spread = spreadOfYears(f);
  const unknownLine = unknownSentence(f);
  const decided = decide(f);
  // The per-fix ask lines are the table's rows; what follows them closes the page.
  const decision: BoardDecision = { ...decided, closingLines: [...decided.askLines.slice(decided.fixes.length), decided.doNothing] };
  const averageLine = `Averaged over good and bad years, that is an expected loss of ${formatUsdExact(f.aleUsd)} a year.`;
  return {
    headline: {
      takeaway: incidentSentence(f),
      averageLine,
      spreadLine: spread.line,
      tailExplanation: spread.explanation,
      unknownLine,
      notes: `${incidentSentence(f)} Most years cost nothing: ${spread.line.replace(/^Spread of the annual loss: /, '').replace(/\.$/, '')}. ${averageLine}${spread.explanation === null ? '' : ` ${spread.explanation}`}${unknownLine === null ? '' : ` ${unknownLine}`}`,
    },
    fixesTakeaway: fixesTakeaway(f, decision),
    breakEvenLine: breakEven(f, decision),
    decision,
  };
}
