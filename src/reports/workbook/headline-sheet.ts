import type { ReportModel } from '../report-model.ts';
import type { FixPlanView } from '../read-fix-plan.ts';
import { PROB, USD_CENTS, type FormulaSheet } from './formula-sheet.ts';

type HeadlineKey = keyof ReportModel['headline'];

/** Where each headline figure of the report is recomputed: the sheet and the row. */
interface HeadlineSource {
  readonly label: string;
  readonly sheet: 'stats' | 'analytic';
  readonly row: string;
  readonly format: string;
}

/** Every numeric headline figure; one the report gains later shows as "not recomputed" until it is added here. */
const HEADLINE_SOURCES: { readonly [K in HeadlineKey]?: HeadlineSource } = {
  aleUsd: { label: 'Expected annual loss', sheet: 'stats', row: 'ale', format: USD_CENTS },
  aleLowUsd: { label: 'Expected annual loss, low end of the simulation range', sheet: 'stats', row: 'aleLow', format: USD_CENTS },
  aleHighUsd: { label: 'Expected annual loss, high end of the simulation range', sheet: 'stats', row: 'aleHigh', format: USD_CENTS },
  probabilityOfAnyEvent: { label: 'Chance of at least one loss event in a year', sheet: 'stats', row: 'pAny', format: PROB },
  costIfItHappensUsd: { label: 'Cost if it happens: median incident', sheet: 'stats', row: 'incidentMedian', format: USD_CENTS },
  costIfItHappensP95Usd: {
    label: 'Cost if it happens: 1 incident in 20 costs more than',
    sheet: 'stats',
    row: 'incidentP95',
    format: USD_CENTS,
  },
  badYearUsd: { label: 'A bad year (1 in 20)', sheet: 'stats', row: 'p95', format: USD_CENTS },
  oneIn100Usd: { label: 'A 1-in-100 year', sheet: 'stats', row: 'p99', format: USD_CENTS },
  expectedShortfall99Usd: { label: 'Average of the worst 1% of years', sheet: 'stats', row: 'es', format: USD_CENTS },
  probabilityAbove1mUsd: { label: 'Chance of losing more than $1M in a year', sheet: 'stats', row: 'above1m', format: PROB },
  riskScore: { label: 'Security posture score (0-100, lower is better)', sheet: 'analytic', row: 'score', format: '0.0' },
};

export interface HeadlineSheets {
  readonly stats: FormulaSheet;
  readonly analytic: FormulaSheet;
  readonly whatChanged: FormulaSheet | null;
  readonly fixPlan: FormulaSheet | null;
}

/** One line: the figure as the report prints it, and a live link to the cell that recomputes it. */
function link(headline: FormulaSheet, name: string, label: string, reported: number, sheet: FormulaSheet, row: string, format: string) {
  if (!sheet.has(row)) {
    headline.unchecked(label, reported, `not recomputable in this workbook: ${sheet.sheet.name} has no samples for this result`, format);
    return;
  }
  headline.formula(name, label, reported, sheet.qualifiedRef(row), `recomputed on the ${sheet.sheet.name} sheet`, format, sheet.value(row));
}

/**
 * Every headline figure of the report, next to a live formula linking it to the cell that
 * recomputes it (page 1, the what-changed waterfall and the fix plan): one place to check
 * that the workbook and the report agree.
 */
export function fillHeadlineSheet(headline: FormulaSheet, model: ReportModel, sheets: HeadlineSheets) {
  headline.heading('Page 1');
  for (const [key, reported] of Object.entries(model.headline)) {
    if (typeof reported !== 'number') continue;
    const source = HEADLINE_SOURCES[key as HeadlineKey];
    if (source === undefined) headline.unchecked(key, reported, 'not recomputed in this workbook yet');
    else link(headline, key, source.label, reported, source.sheet === 'stats' ? sheets.stats : sheets.analytic, source.row, source.format);
  }
  const change = model.whatChanged;
  if (change !== null && sheets.whatChanged !== null) {
    headline.heading('What changed since the previous assessment');
    link(
      headline,
      'wc-previous',
      `Expected annual loss of "${change.previous.title}"`,
      change.previous.aleUsd,
      sheets.whatChanged,
      'previous',
      USD_CENTS,
    );
    change.steps.forEach((step, i) =>
      link(headline, `wc-${i}`, `Change: ${step.label}`, step.deltaUsd, sheets.whatChanged as FormulaSheet, `delta-${i}`, USD_CENTS),
    );
    link(headline, 'wc-total', 'Change of the expected annual loss', change.totalDeltaUsd, sheets.whatChanged, 'total', USD_CENTS);
  }
}

/**
 * The plan's figures and the decision's: the board is asked for the plan's first steps, so its
 * "together" figures are the row of the step where that prefix ends (one joint run).
 */
export function fillHeadlinePlan(headline: FormulaSheet, model: ReportModel, plan: FixPlanView, sheet: FormulaSheet) {
  headline.heading('The fixes together');
  link(headline, 'plan-after', 'Expected annual loss with every fix of the plan', plan.expectedLossAfterUsd, sheet, 'planAfter', USD_CENTS);
  link(
    headline,
    'plan-saving',
    'Saving a year of the whole plan',
    plan.expectedLossBeforeUsd - plan.expectedLossAfterUsd,
    sheet,
    'planSaving',
    USD_CENTS,
  );
  const together = model.message.decision.together;
  if (together === null) return;
  headline.heading('The decision: the fixes the board is asked to approve, together');
  const last = plan.steps.findIndex(
    (s) => Math.abs(s.expectedLossAfterUsd - together.lossAfterUsd) <= 1e-6 * Math.max(1, together.lossAfterUsd),
  );
  const rows: [string, string, number, string, string][] = [
    ['decision-after', 'Expected annual loss with them', together.lossAfterUsd, `after-${last}`, USD_CENTS],
    ['decision-saving', 'Saving a year, together', together.savingUsd, `cumulative-${last}`, USD_CENTS],
    ['decision-cost', 'Cost a year, together', together.annualCostUsd, `cumulativeCost-${last}`, USD_CENTS],
    ['decision-payback', 'Payback (months)', together.paybackMonths, `payback-${last}`, '0.0'],
  ];
  for (const [name, label, reported, row, format] of rows) {
    if (last < 0) headline.unchecked(label, reported, 'not one of the plan’s joint runs', format);
    else link(headline, name, label, reported, sheet, row, format);
  }
}
