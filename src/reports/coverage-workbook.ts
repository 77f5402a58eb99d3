import type ExcelJS from 'exceljs';
import type { Coverage } from '@/contracts/risk-profile.ts';
import { FormulaSheet, PROB, USD } from './workbook/formula-sheet.ts';

/**
 * The workbook's "Coverage" sheet (ADR 219): the coverage-gap and appetite figures of
 * src/reports/coverage.ts as stored values, with live formulas where the spreadsheet can recompute
 * them from the cells above (the insured part of a bad year, a severe incident against the policy,
 * the chance of exceeding the appetite read off the loss curve), each with its cached result.
 */
export function addCoverageSheet(workbook: ExcelJS.Workbook, coverage: Coverage) {
  const f = new FormulaSheet(workbook.addWorksheet('Coverage'), 'In the report');
  addPolicy(f, coverage);
  addBadYears(f, coverage);
  addSevereIncident(f, coverage);
  addAppetite(f, coverage);
  f.heading('In plain words');
  for (const sentence of coverage.sentences) f.heading(sentence, false);
  if (coverage.subLimitNote !== null) f.heading(coverage.subLimitNote, false);
}

function addPolicy(f: FormulaSheet, coverage: Coverage) {
  f.heading('The policy the assessment ran with');
  const policy = coverage.policy;
  if (policy === null) {
    f.heading('No cyber-insurance policy was entered.', false);
    return;
  }
  f.input('limit', 'Aggregate limit (USD)', policy.limitUsd, 'entered on the risk profile', USD);
  f.input('retention', 'Retention per incident (USD)', policy.retentionUsd, 'entered on the risk profile', USD);
  f.input('coinsurance', 'Co-insurance share kept', policy.coinsuranceShare, 'entered on the risk profile', PROB);
  f.input('recovered', 'Recovered in an average year (USD)', policy.expectedRecoveredAnnualUsd, 'simulated: expected yearly recovery', USD);
  for (const limit of policy.subLimits)
    f.unchecked(`Sub-limit: ${limit.label} (USD)`, limit.amountUsd, 'entered; not modelled per scenario', USD);
}

function addBadYears(f: FormulaSheet, coverage: Coverage) {
  f.heading('Bad years: before insurance and the uninsured part');
  for (const year of coverage.badYears) {
    f.input(
      `${year.id}Gross`,
      `${year.label}: loss before insurance (USD)`,
      year.beforeInsuranceUsd,
      'simulated percentile of the annual loss',
      USD,
    );
    f.input(
      `${year.id}Kept`,
      `${year.label}: uninsured part kept (USD)`,
      year.uninsuredUsd,
      coverage.policy === null ? 'no policy: all of it' : 'simulated percentile of the annual loss after insurance',
      USD,
    );
    f.formula(
      `${year.id}Insured`,
      `${year.label}: insured part (USD)`,
      year.beforeInsuranceUsd - year.uninsuredUsd,
      `${f.ref(`${year.id}Gross`)}-${f.ref(`${year.id}Kept`)}`,
      'before insurance minus kept',
      USD,
    );
  }
  if (coverage.limitToCoverOneInHundredYearUsd !== null) {
    f.input(
      'limitToCover',
      'Limit that would pay everything insurable in a 1-in-100 year (USD)',
      coverage.limitToCoverOneInHundredYearUsd,
      'simulated: recoveries of that year with no aggregate limit',
      USD,
    );
  }
}

function addSevereIncident(f: FormulaSheet, coverage: Coverage) {
  const severe = coverage.severeIncident;
  f.heading('A severe incident (1 in 20 incidents costs more)');
  f.input('severeCost', 'Cost of a severe incident (USD)', severe.costUsd, 'simulated 95th percentile of one incident', USD);
  const policy = coverage.policy;
  if (policy === null) {
    f.input('severePays', 'Insurer pays (USD)', 0, 'no policy', USD);
  } else {
    const claim = Math.max(0, severe.costUsd - policy.retentionUsd) * (1 - policy.coinsuranceShare);
    const claimFormula = `MAX(0,${f.ref('severeCost')}-${f.ref('retention')})*(1-${f.ref('coinsurance')})`;
    f.formula(
      'severePays',
      'Insurer pays (USD)',
      severe.insurerPaysUsd,
      `MIN(${f.ref('limit')},${claimFormula})`,
      'after the retention and co-insurance, up to the limit',
      USD,
      Math.min(policy.limitUsd, claim),
    );
  }
  f.formula(
    'severeKept',
    'Uninsured part kept (USD)',
    severe.uninsuredUsd,
    `${f.ref('severeCost')}-${f.ref('severePays')}`,
    'cost minus what the insurer pays',
    USD,
    severe.costUsd - f.value('severePays'),
  );
}

function addAppetite(f: FormulaSheet, coverage: Coverage) {
  const appetite = coverage.appetite;
  f.heading('Risk appetite');
  if (appetite === null) {
    f.heading('No risk appetite was set.', false);
    return;
  }
  f.input('appetite', 'Loss in a year the organisation can absorb (USD)', appetite.amountUsd, 'entered on the risk profile', USD);
  const { probability, bound } = appetite.chanceOfExceeding;
  const upperIndex = coverage.lossCurve.findIndex((p) => p.lossUsd >= appetite.amountUsd);
  const lower = coverage.lossCurve[upperIndex - 1];
  const upper = coverage.lossCurve[upperIndex];
  if (bound !== 'about' || lower === undefined || upper === undefined) {
    f.unchecked(
      `Chance a year's loss before insurance exceeds it (${bound === 'atLeast' ? 'at least' : 'at most'})`,
      probability,
      'the appetite is outside the simulated loss curve',
      PROB,
    );
    return;
  }
  f.input('curveLowUsd', 'Loss curve point below the appetite (USD)', lower.lossUsd, 'simulated loss curve', USD);
  f.input('curveLowP', 'Chance a year costs more than that', lower.probability, 'simulated loss curve', PROB);
  f.input('curveHighUsd', 'Loss curve point above the appetite (USD)', upper.lossUsd, 'simulated loss curve', USD);
  f.input('curveHighP', 'Chance a year costs more than that', upper.probability, 'simulated loss curve', PROB);
  const t = `(LN(${f.ref('appetite')})-LN(${f.ref('curveLowUsd')}))/(LN(${f.ref('curveHighUsd')})-LN(${f.ref('curveLowUsd')}))`;
  const span = Math.log(upper.lossUsd) - Math.log(lower.lossUsd);
  const cached =
    lower.probability + ((Math.log(appetite.amountUsd) - Math.log(lower.lossUsd)) / span) * (upper.probability - lower.probability);
  f.formula(
    'appetiteChance',
    "Chance a year's loss before insurance exceeds the appetite",
    probability,
    `${f.ref('curveLowP')}+${t}*(${f.ref('curveHighP')}-${f.ref('curveLowP')})`,
    'read off the loss curve, linear between its two points on a log scale of loss',
    PROB,
    cached,
  );
}
