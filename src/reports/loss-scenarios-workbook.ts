import type ExcelJS from 'exceljs';
import { COST_CATEGORIES } from '@/engine/evaluate-scenario.ts';
import type { ScenarioSection, UncertaintySection } from './loss-scenario-report.ts';
import { FormulaSheet, NUMBER, PROB, USD, USD_CENTS } from './workbook/formula-sheet.ts';
import type { PopulationBridgeView } from './read-loss-scenarios.ts';
import type { CellLink } from './workbook/what-changed-sheet.ts';

/**
 * The workbook's "Scenarios" sheet (ADR 208): each named scenario's expected annual loss recomputed
 * from its cost-category rows, its share of the expected loss, and the sum of the five against the
 * expected loss the report prints (a live check cell that should read 0). Every formula carries its
 * cached value (formula-sheet.ts). The parameter-uncertainty ranges follow as stored figures: they
 * come from a second-order simulation the spreadsheet cannot rerun, and say so.
 */
export function addScenariosSheet(
  workbook: ExcelJS.Workbook,
  section: ScenarioSection,
  uncertainty: UncertaintySection,
  ale: CellLink,
  reportAleUsd: number,
) {
  const f = new FormulaSheet(workbook.addWorksheet('Scenarios'), 'In the report');
  f.formula('ale', 'Expected annual loss (USD)', reportAleUsd, ale.ref, ale.how, USD_CENTS, ale.value);
  for (const s of section.scenarios) addScenario(f, s);
  addTotal(f, section);
  addRanges(f, uncertainty);
  f.heading('In plain words');
  f.heading(section.takeaway, false);
  for (const line of section.lines) f.heading(line, false);
}

function addScenario(f: FormulaSheet, s: ScenarioSection['scenarios'][number]) {
  f.heading(s.label);
  const rows = s.costBreakdown.map((c) => {
    const name = `${s.id}.${c.category}`;
    const label = COST_CATEGORIES.find((k) => k.id === c.category)?.label ?? c.category;
    f.input(name, `  ${label} (USD a year)`, c.expectedAnnualUsd, 'simulated: this scenario’s share of the category', USD_CENTS);
    return name;
  });
  const sum = rows.reduce((total, name) => total + f.value(name), 0);
  const formula = rows.length === 0 ? '0' : `SUM(${f.qualifiedRef(rows[0] as string)}:${f.ref(rows.at(-1) as string)})`;
  f.formula(
    `${s.id}.total`,
    `${s.label}: expected annual loss (USD)`,
    s.expectedAnnualLossUsd,
    formula,
    'sum of its cost categories',
    USD_CENTS,
    sum,
  );
  f.formula(
    `${s.id}.share`,
    `${s.label}: share of the expected loss`,
    s.share,
    `${f.ref(`${s.id}.total`)}/${f.ref('ale')}`,
    'its expected loss / the expected loss',
    PROB,
    f.value('ale') > 0 ? sum / f.value('ale') : 0,
  );
  f.unchecked(`${s.label}: chance of at least one this year`, s.annualProbability, 'simulated: share of years with one', PROB);
  f.unchecked(`${s.label}: one incident typically costs (USD)`, s.medianCostIfItHappensUsd, 'simulated median of its incidents', USD);
  f.unchecked(`${s.label}: a severe one (1 in 20) costs (USD)`, s.p95CostIfItHappensUsd, 'simulated 95th percentile of its incidents', USD);
}

function addTotal(f: FormulaSheet, section: ScenarioSection) {
  f.heading('The five scenarios together');
  const totals = section.scenarios.map((s) => `${s.id}.total`);
  const sum = totals.reduce((acc, name) => acc + f.value(name), 0);
  const stored = section.scenarios.reduce((acc, s) => acc + s.expectedAnnualLossUsd, 0);
  f.formula(
    'sum',
    'Sum of the scenarios (USD)',
    stored,
    totals.map((name) => f.ref(name)).join('+'),
    'the five expected losses added up',
    USD_CENTS,
    sum,
  );
  f.formula(
    'check',
    'Check: sum of the scenarios minus the expected loss (should be 0)',
    0,
    `${f.ref('sum')}-${f.ref('ale')}`,
    'the scenarios split the expected loss exactly',
    USD_CENTS,
    sum - f.value('ale'),
  );
}

function addRanges(f: FormulaSheet, uncertainty: UncertaintySection) {
  const u = uncertainty.parameter;
  if (u === null && uncertainty.unknownAnswers === null) return;
  f.heading("What we don't know about the model's inputs (80% range of a second-order simulation: stored, not recomputable here)");
  if (u !== null) {
    for (const [label, range] of [
      ['Expected annual loss', u.expectedAnnualLossUsd],
      ['A 1-in-20 year', u.oneInTwentyYearUsd],
      ['A 1-in-100 year', u.oneInHundredYearUsd],
    ] as const) {
      f.unchecked(`${label}: low (USD)`, range.low, `10th percentile over ${u.outerDraws} draws of the model's inputs`, USD);
      f.unchecked(`${label}: high (USD)`, range.high, `90th percentile over ${u.outerDraws} draws of the model's inputs`, USD);
    }
    addPopulationBridge(f, u.populationBridge);
  }
  const unknown = uncertainty.unknownAnswers;
  if (unknown !== null) {
    f.unchecked(
      'Expected loss with every "I don\'t know" at best practice (USD)',
      unknown.low,
      'engine run with those answers at best',
      USD,
    );
    f.unchecked(
      'Expected loss with every "I don\'t know" at the weakest answer (USD)',
      unknown.high,
      'engine run with those answers at worst',
      USD,
    );
  }
}

/** The two medians the range bridges and their ratio (model 3.1, ADR 264); the "Read me" sheet says what they mean. */
function addPopulationBridge(f: FormulaSheet, bridge: PopulationBridgeView | null) {
  if (bridge === null) return;
  f.unchecked('IRIS 2025 median loss per significant incident at this revenue (USD)', bridge.irisMedianUsd, 'IRIS 2025 band medians, interpolated on revenue', USD);
  f.unchecked('Model median incident at average answers (USD)', bridge.modelMedianUsd, 'claims-calibrated (NetDiligence), simulated', USD);
  f.unchecked('IRIS median / model median (top of the population bridge)', bridge.ratio, 'the cost of an incident is drawn between x1 and this', NUMBER);
}
