import type ExcelJS from 'exceljs';
import type { FixPlanView } from '../read-fix-plan.ts';
import { FormulaSheet, USD, USD_CENTS } from './formula-sheet.ts';

/**
 * The joint fix plan: each step's expected loss is one engine run with that fix and every
 * earlier one applied together (ADR 220); the savings and costs the report prints are
 * differences and running sums of those runs, recomputed here by live formulas.
 */
export function addFixPlanSheet(workbook: ExcelJS.Workbook, plan: FixPlanView): FormulaSheet {
  // Row names: after-i, cost-i, saving-i, cumulative-i, cumulativeCost-i, payback-i per step; planAfter, planSaving.
  const f = new FormulaSheet(workbook.addWorksheet('Fix plan'), 'In the report');
  f.heading('Fixes in order: each is the best next one given those before it, measured with all of them applied together');
  f.input('before', 'Expected annual loss today (USD)', plan.expectedLossBeforeUsd, 'engine run with today’s answers', USD_CENTS);
  let previousLoss = 'before';
  let previousCost: string | null = null;
  plan.steps.forEach((step, i) => {
    const together = i === 0 ? 'Fix 1' : `Fixes 1-${i + 1} together`;
    f.heading(`${i + 1}. ${step.name}`);
    const [after, cost, saving, cumulative, cumulativeCost] = [
      `after-${i}`,
      `cost-${i}`,
      `saving-${i}`,
      `cumulative-${i}`,
      `cumulativeCost-${i}`,
    ];
    f.input(
      after,
      `Expected annual loss with ${together.toLowerCase()} (USD)`,
      step.expectedLossAfterUsd,
      'engine run with these fixes applied together',
      USD_CENTS,
    );
    f.input(cost, `${step.name}: annual cost, typical price (USD)`, step.annualCostMidUsd, 'middle of the typical cost range', USD);
    f.formula(
      saving,
      `${step.name}: saving given the fixes before it (USD)`,
      step.stepSavingUsd,
      `${f.ref(previousLoss)}-${f.ref(after)}`,
      'loss before this step − loss after it',
      USD_CENTS,
      f.value(previousLoss) - f.value(after),
    );
    f.formula(
      cumulative,
      `${together}: saving a year (USD)`,
      step.cumulativeSavingUsd,
      `${f.ref('before')}-${f.ref(after)}`,
      'loss today − loss with these fixes',
      USD_CENTS,
      f.value('before') - f.value(after),
    );
    const costFormula = previousCost === null ? f.ref(cost) : `${f.ref(previousCost)}+${f.ref(cost)}`;
    const costValue = (previousCost === null ? 0 : f.value(previousCost)) + f.value(cost);
    f.formula(
      cumulativeCost,
      `${together}: cost a year (USD)`,
      step.cumulativeAnnualCostUsd,
      costFormula,
      'running sum of the costs',
      USD_CENTS,
      costValue,
    );
    if (step.cumulativeSavingUsd > 0) {
      const payback = (step.cumulativeAnnualCostUsd / step.cumulativeSavingUsd) * 12;
      f.formula(
        `payback-${i}`,
        `${together}: payback (months)`,
        payback,
        `${f.ref(cumulativeCost)}/${f.ref(cumulative)}*12`,
        'cost a year / saving a year × 12',
        '0.0',
        (f.value(cumulativeCost) / f.value(cumulative)) * 12,
      );
    }
    previousLoss = after;
    previousCost = cumulativeCost;
  });
  f.heading('The whole plan');
  f.formula(
    'planAfter',
    'Expected annual loss with every fix of the plan (USD)',
    plan.expectedLossAfterUsd,
    f.ref(previousLoss),
    'the last joint run',
    USD_CENTS,
    f.value(previousLoss),
  );
  f.formula(
    'planSaving',
    'Saving a year of the whole plan (USD)',
    plan.expectedLossBeforeUsd - plan.expectedLossAfterUsd,
    `${f.ref('before')}-${f.ref('planAfter')}`,
    'loss today − loss with every fix',
    USD_CENTS,
    f.value('before') - f.value('planAfter'),
  );
  return f;
}
