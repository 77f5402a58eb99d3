import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { FactorId } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { ControlOption } from './board-message.ts';
import { formatUsdShort, listNames } from './format.ts';
import type { FixPlanView } from './read-fix-plan.ts';
import { resultOfRun, type ModelRunResults, type ModelRuns } from './model-runs.ts';

/**
 * The priced options the board votes on (ADR 270): (A) what the frameworks and the insurer require,
 * (B) A plus the fixes that pay for themselves at typical prices, (C) the best value within a budget.
 * Each option is one joint model run on the assessment's own simulated years (same seed and
 * count), so its saving, expected loss left and bad years left are measured with every control of
 * the option in place, never added up. Every format prints `cells` and `line` as written here.
 * The runs are listed here (decisionOptionRuns) and run by the server's engine pool (ADR 323).
 */

export type DecisionOptionId = 'required' | 'requiredAndPaying' | 'budget';

export interface DecisionOption {
  readonly id: DecisionOptionId;
  readonly letter: 'A' | 'B' | 'C';
  /** "Option A: what HIPAA and cyber insurance require". */
  readonly title: string;
  readonly controls: readonly { readonly factorId: FactorId; readonly name: string }[];
  readonly annualCostMidUsd: number;
  readonly annualCostLowUsd: number;
  readonly annualCostHighUsd: number;
  /** Expected loss now minus expected loss with every control of the option in place (joint run). */
  readonly savingUsd: number;
  readonly expectedLossLeftUsd: number;
  /** The 1-in-20 and 1-in-100 year the organisation keeps (after insurance when there is a policy). */
  readonly oneInTwentyLeftUsd: number;
  readonly oneInHundredLeftUsd: number;
  /** Whether the 1-in-100 year left fits the risk appetite (null: no appetite set). */
  readonly isWithinAppetite: boolean | null;
  /** Why it is bought: for compliance or insurability, for its return, or within a budget, in plain words. */
  readonly why: string;
  /** Control, cost (typical and range), saving, expected loss left, 1-in-20 left, 1-in-100 left: the table row of every format. */
  readonly cells: readonly [string, string, string, string, string, string];
  /** The option in one sentence, with every figure of its row. */
  readonly line: string;
}

export interface DecisionOptions {
  readonly budgetUsd: number;
  readonly isBudgetSet: boolean;
  readonly options: readonly DecisionOption[];
  /** How to read the options: framed on the bad year and the appetite, not on payback. */
  readonly intro: string;
  /** The row of doing nothing, in the options table's columns: what the options are measured from. */
  readonly doNothingCells: readonly [string, string, string, string, string, string];
}

export const OPTION_COLUMNS = [
  'Option',
  'Costs a year: typical (range)',
  'Saves a year, together',
  'Expected loss left',
  '1-in-20 year left',
  '1-in-100 year left',
] as const;

/** The default budget until the user sets one: 1% of revenue a year, a common upper bound of what a small firm spends on security (ADR 270). */
export const DEFAULT_BUDGET_SHARE_OF_REVENUE = 0.01;

export interface OptionsSource {
  readonly input: RiskInput;
  readonly result: RiskResult;
  readonly controls: readonly ControlOption[];
  readonly plan: FixPlanView | null;
  readonly appetiteUsd: number | null;
  readonly budgetUsd: number | null;
}

interface Outcome {
  readonly expectedUsd: number;
  readonly oneInTwentyUsd: number;
  readonly oneInHundredUsd: number;
}

const usd = (value: number) => Math.round(value);

/** What the organisation keeps in a year: net of the policy when there is one (the figure coverage.ts calls uninsured). */
function keptOutcome(result: RiskResult): Outcome {
  const net = result.insurance?.netPercentilesUsd ?? null;
  return {
    expectedUsd: result.annualLoss.expectedUsd,
    oneInTwentyUsd: net?.p95 ?? result.annualLoss.percentilesUsd.p95,
    oneInHundredUsd: net?.p99 ?? result.annualLoss.percentilesUsd.p99,
  };
}

/** The key of the run with these controls at best practice: options with the same controls share one run. */
const optionRunKey = (ids: readonly FactorId[]) => `option:${[...ids].sort().join(',')}`;

/** The model run again on the same years with the option's controls at best practice. */
function optionRun(source: OptionsSource, ids: readonly FactorId[]): ModelRuns[string] {
  const factors = { ...source.input.factors, ...Object.fromEntries(ids.map((id) => [id, 'best'])) };
  return {
    input: { ...source.input, factors },
    options: { seed: source.result.seed, iterations: source.result.iterations, attribution: false, parameterUncertainty: false },
  };
}

function outcomeWith(source: OptionsSource, ids: readonly FactorId[], results: ModelRunResults): Outcome {
  return keptOutcome(ids.length === 0 ? source.result : resultOfRun(results, optionRunKey(ids)));
}

function requirers(controls: readonly ControlOption[]): string[] {
  return [...new Set(controls.flatMap((c) => c.required.map((r) => r.requiredBy)))];
}

/** Controls in the order the budget takes them: the joint plan's, then the required ones, then the rest by saving per dollar. */
function budgetOrder(source: OptionsSource): ControlOption[] {
  const byId = new Map(source.controls.map((c) => [c.factorId, c]));
  const planned = (source.plan?.steps ?? []).flatMap((s) => byId.get(s.factorId) ?? []);
  const rest = source.controls.filter((c) => !planned.includes(c));
  const required = rest
    .filter((c) => c.required.length > 0)
    .sort((a, b) => b.savingAloneUsd / b.costMidUsd - a.savingAloneUsd / a.costMidUsd);
  const others = rest
    .filter((c) => c.required.length === 0)
    .sort((a, b) => b.savingAloneUsd / b.costMidUsd - a.savingAloneUsd / a.costMidUsd);
  return [...planned, ...required, ...others];
}

function withinBudget(source: OptionsSource, budgetUsd: number): ControlOption[] {
  const chosen: ControlOption[] = [];
  let spent = 0;
  for (const c of budgetOrder(source)) {
    if (c.costMidUsd <= 0 || spent + c.costMidUsd > budgetUsd) continue;
    chosen.push(c);
    spent += c.costMidUsd;
  }
  return chosen;
}

function appetiteWords(leftUsd: number, appetiteUsd: number | null): string {
  if (appetiteUsd === null) return 'no risk appetite set';
  return `${leftUsd > appetiteUsd ? 'above' : 'within'} the ${formatUsdShort(appetiteUsd)} appetite`;
}

interface Draft {
  readonly id: DecisionOptionId;
  readonly letter: DecisionOption['letter'];
  readonly title: string;
  readonly controls: readonly ControlOption[];
  readonly why: (costMidUsd: number, savingUsd: number) => string;
}

function price(draft: Draft, source: OptionsSource, results: ModelRunResults): DecisionOption {
  const before = source.result.annualLoss.expectedUsd;
  const after = outcomeWith(
    source,
    draft.controls.map((c) => c.factorId),
    results,
  );
  const sum = (pick: (c: ControlOption) => number) => usd(draft.controls.reduce((s, c) => s + pick(c), 0));
  const [mid, low, high] = [sum((c) => c.costMidUsd), sum((c) => c.costLowUsd), sum((c) => c.costHighUsd)];
  const savingUsd = usd(Math.max(0, before - after.expectedUsd));
  const left = { expected: usd(after.expectedUsd), twenty: usd(after.oneInTwentyUsd), hundred: usd(after.oneInHundredUsd) };
  const isWithinAppetite = source.appetiteUsd === null ? null : left.hundred <= source.appetiteUsd;
  const names = draft.controls.map((c) => c.name);
  const cost = draft.controls.length === 0 ? '$0' : `${formatUsdShort(mid)} (${formatUsdShort(low)}-${formatUsdShort(high)})`;
  const cells = [
    `Option ${draft.letter}`,
    cost,
    formatUsdShort(savingUsd),
    formatUsdShort(left.expected),
    formatUsdShort(left.twenty),
    formatUsdShort(left.hundred),
  ] as const;
  const what = names.length === 0 ? 'no control' : `${names.length === 1 ? '1 control' : `${names.length} controls`} (${listNames(names)})`;
  const why = draft.why(mid, savingUsd);
  const verb = draft.controls.length === 1 ? 'it saves' : 'together they save';
  const line = `${draft.title}: ${what} for ${cost} a year; ${verb} ${cells[2]} a year, leaving an expected loss of ${cells[3]} a year; a 1-in-20 year leaves ${cells[4]} and a 1-in-100 year ${cells[5]}, ${appetiteWords(left.hundred, source.appetiteUsd)}. ${why}`;
  return {
    id: draft.id,
    letter: draft.letter,
    title: draft.title,
    controls: draft.controls.map((c) => ({ factorId: c.factorId, name: c.name })),
    annualCostMidUsd: mid,
    annualCostLowUsd: low,
    annualCostHighUsd: high,
    savingUsd,
    expectedLossLeftUsd: left.expected,
    oneInTwentyLeftUsd: left.twenty,
    oneInHundredLeftUsd: left.hundred,
    isWithinAppetite,
    why,
    cells,
    line,
  };
}

function paybackWords(costMidUsd: number, savingUsd: number): string {
  if (costMidUsd <= 0) return 'Nothing to buy.';
  if (savingUsd >= costMidUsd)
    return `It pays for itself at typical prices: ${formatUsdShort(savingUsd)} saved for ${formatUsdShort(costMidUsd)}.`;
  return `It does not pay for itself (${formatUsdShort(costMidUsd - savingUsd)} a year more than it saves): its case is the bad year and the appetite.`;
}

/** The budget the options are priced against: the one set, else the default share of revenue. */
function budgetOf(source: OptionsSource): { budgetUsd: number; isBudgetSet: boolean } {
  return {
    budgetUsd: usd(source.budgetUsd ?? source.input.organisation.annualRevenueUsd * DEFAULT_BUDGET_SHARE_OF_REVENUE),
    isBudgetSet: source.budgetUsd !== null,
  };
}

/** Whether the options can be priced: a result of this model version (its years re-run alike) that lists every control. */
const canPrice = (source: OptionsSource) => source.result.engineVersion === ENGINE_VERSION && source.result.recommendationsNotWorthIt !== null;

function drafts(source: OptionsSource, { budgetUsd, isBudgetSet }: { budgetUsd: number; isBudgetSet: boolean }): Draft[] {
  const required = source.controls.filter((c) => c.required.length > 0);
  const who = requirers(required);
  const planIds = new Set((source.plan?.steps ?? []).map((s) => s.factorId));
  const paying = source.controls.filter((c) => planIds.has(c.factorId) && c.required.length === 0);
  const budget = withinBudget(source, budgetUsd);
  const budgetWhy = `${isBudgetSet ? 'The budget set' : `A default budget of 1% of revenue (set your own in the risk profile)`}: ${formatUsdShort(budgetUsd)} a year, spent on the best value first.`;
  return [
    {
      id: 'required',
      letter: 'A',
      title:
        who.length === 0
          ? 'Option A, what frameworks and the insurer require'
          : `Option A, what ${listNames(who)} require${who.length === 1 ? 's' : ''}`,
      controls: required,
      why: (mid, saving) =>
        required.length === 0
          ? 'No framework or insurer requires a control that is not in place.'
          : `Bought for compliance${who.includes('cyber insurance') ? ' and insurability' : ''}, not for payback. ${paybackWords(mid, saving)}`,
    },
    {
      id: 'requiredAndPaying',
      letter: 'B',
      title: 'Option B, A plus the fixes that pay for themselves',
      controls: [...required, ...paying],
      why: (mid, saving) =>
        paying.length === 0
          ? `No further fix pays for itself at typical prices, so B is A. ${paybackWords(mid, saving)}`
          : `Adds ${listNames(paying.map((c) => c.name))} for their return. ${paybackWords(mid, saving)}`,
    },
    {
      id: 'budget',
      letter: 'C',
      title: `Option C, the best value within ${formatUsdShort(budgetUsd)} a year`,
      controls: budget,
      why: (mid, saving) => `${budgetWhy} ${paybackWords(mid, saving)}`,
    },
  ];
}

/** The engine runs computeDecisionOptions reads (one per distinct set of controls; none when the options cannot be priced). */
export function decisionOptionRuns(source: OptionsSource): ModelRuns {
  if (!canPrice(source)) return {};
  const ids = drafts(source, budgetOf(source))
    .map((d) => d.controls.map((c) => c.factorId))
    .filter((set) => set.length > 0);
  return Object.fromEntries(ids.map((set) => [optionRunKey(set), optionRun(source, set)]));
}

/**
 * The three priced options from the results of decisionOptionRuns, or null for a result of another
 * model version (its years cannot be re-run alike) or one without every control listed.
 */
export function computeDecisionOptions(source: OptionsSource, results: ModelRunResults): DecisionOptions | null {
  if (!canPrice(source)) return null;
  const { budgetUsd, isBudgetSet } = budgetOf(source);
  const options = drafts(source, { budgetUsd, isBudgetSet }).map((d) => price(d, source, results));
  const now = keptOutcome(source.result);
  const appetite =
    source.appetiteUsd === null
      ? 'No risk appetite is set, so the bad years are shown without a line to hold them to.'
      : `Each option is measured against the risk appetite of ${formatUsdShort(source.appetiteUsd)} a year.`;
  return {
    budgetUsd,
    isBudgetSet,
    options,
    doNothingCells: [
      'Do nothing',
      '$0',
      '$0',
      formatUsdShort(now.expectedUsd),
      formatUsdShort(now.oneInTwentyUsd),
      formatUsdShort(now.oneInHundredUsd),
    ],
    intro: `Three priced options, each measured with all its controls in place together. Today the expected loss is ${formatUsdShort(now.expectedUsd)} a year, a 1-in-20 year leaves ${formatUsdShort(now.oneInTwentyUsd)} and a 1-in-100 year ${formatUsdShort(now.oneInHundredUsd)} with us. ${appetite} Small firms rarely save more than a control costs: judge each option on the bad year it leaves.`,
  };
}
