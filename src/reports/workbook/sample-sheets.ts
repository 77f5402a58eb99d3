import type ExcelJS from 'exceljs';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { LossSamples } from '../loss-years.ts';
import { addBulkColumnSheet, type BulkColumn } from './bulk-column-sheet.ts';
import { FormulaSheet, PROB, USD_CENTS } from './formula-sheet.ts';

/**
 * The simulated years and incidents, and the Statistics sheet whose live formulas recompute the
 * report's sample figures from them: expected loss and its 95% range, chance of a loss, the
 * percentiles, the worst-1% average and the cost of one incident. The cached result of each
 * formula is computed here from the same samples, the way the formula computes it (ADR 222).
 */

/** Nearest-rank order statistic of `years` values of which all but the sorted non-zero ones are 0 (the engine's and the formula's rule). */
function percentileWithZeros(sortedNonZero: Float64Array, years: number, p: number): number {
  const k = Math.ceil(p * years) - (years - sortedNonZero.length);
  return k <= 0 ? 0 : (sortedNonZero[k - 1] as number);
}

function sum(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function countAbove(values: Float64Array, threshold: number): number {
  let count = 0;
  for (const v of values) if (v > threshold) count += 1;
  return count;
}

function sumAbove(values: Float64Array, threshold: number): number {
  let total = 0;
  for (const v of values) if (v > threshold) total += v;
  return total;
}

/** Annual figures from the years with a loss: one formula row each, with its cached result. */
function addAnnualStatistics(stats: FormulaSheet, result: RiskResult, lossYears: Float64Array) {
  const range = `'Simulated years'!A2:A${lossYears.length + 1}`;
  const years = result.iterations;
  const y = stats.ref('years');
  const a = result.annualLoss;
  const sorted = Float64Array.from(lossYears).sort();
  const n = lossYears.length;
  const total = sum(lossYears);
  const ale = total / years;
  let squares = 0;
  for (const v of lossYears) squares += v * v;
  const sd = Math.sqrt((squares - years * ale ** 2) / (years - 1));
  const se = sd / Math.sqrt(years);

  stats.formula('lossYears', 'Years with a loss', n, `COUNT(${range})`, 'every other simulated year lost $0', '#,##0', n);
  stats.formula('ale', 'Expected annual loss (USD)', a.expectedUsd, `SUM(${range})/${y}`, 'sum of all years / years', USD_CENTS, ale);
  stats.formula(
    'pAny',
    'P(at least one loss event in a year)',
    a.probabilityOfAnyLoss,
    `COUNT(${range})/${y}`,
    'years with a loss / years',
    PROB,
    n / years,
  );
  stats.formula(
    'sd',
    'Standard deviation (USD)',
    a.standardDeviationUsd,
    `SQRT((SUMSQ(${range})-${y}*${stats.ref('ale')}^2)/(${y}-1))`,
    'sample standard deviation over all years (zeros included)',
    USD_CENTS,
    sd,
  );
  stats.formula(
    'se',
    'Standard error of the expected loss (USD)',
    a.standardErrorUsd,
    `${stats.ref('sd')}/SQRT(${y})`,
    'sd / √years: the simulation’s precision',
    USD_CENTS,
    se,
  );
  stats.formula(
    'aleLow',
    'Expected annual loss, low end of the 95% simulation range (USD)',
    Math.max(0, a.expectedUsd - 1.96 * a.standardErrorUsd),
    `MAX(0,${stats.ref('ale')}-1.96*${stats.ref('se')})`,
    'ALE − 1.96 × standard error, at least 0',
    USD_CENTS,
    Math.max(0, ale - 1.96 * se),
  );
  stats.formula(
    'aleHigh',
    'Expected annual loss, high end of the 95% simulation range (USD)',
    a.expectedUsd + 1.96 * a.standardErrorUsd,
    `${stats.ref('ale')}+1.96*${stats.ref('se')}`,
    'ALE + 1.96 × standard error',
    USD_CENTS,
    ale + 1.96 * se,
  );
  const pct = (p: number) =>
    `IF(CEILING(${p}*${y},1)-(${y}-COUNT(${range}))<=0,0,SMALL(${range},CEILING(${p}*${y},1)-(${y}-COUNT(${range}))))`;
  const percentiles = [
    ['p50', 'Median year (USD)', 0.5],
    ['p90', '1 year in 10 (USD)', 0.9],
    ['p95', '1 year in 20 (USD)', 0.95],
    ['p99', '1 year in 100 (USD)', 0.99],
  ] as const;
  for (const [key, label, p] of percentiles)
    stats.formula(
      key,
      label,
      a.percentilesUsd[key],
      pct(p),
      'nearest rank, zeros included',
      USD_CENTS,
      percentileWithZeros(sorted, years, p),
    );
  stats.formula(
    'above1m',
    'P(annual loss > $1M)',
    result.probabilityAbove1mUsd,
    `COUNTIF(${range},">1000000")/${y}`,
    'years above $1M / years',
    PROB,
    countAbove(lossYears, 1_000_000) / years,
  );
  addWorstOnePercent(stats, a.expectedShortfall99Usd, range, sorted, years);
}

/**
 * Mean of the worst 1% of years (expected shortfall 99): the K largest years summed, over K.
 * Written as "years above the K-th largest, plus as many copies of it as the tail still needs",
 * which counts tied years exactly as the engine does and needs no array formula.
 */
function addWorstOnePercent(stats: FormulaSheet, stored: number, range: string, sorted: Float64Array, years: number) {
  const y = stats.ref('years');
  const n = sorted.length;
  const tail = Math.max(1, Math.ceil(0.01 * years));
  stats.formula(
    'tailYears',
    'Years in the worst 1%',
    tail,
    `MAX(1,CEILING(0.01*${y},1))`,
    '1% of the simulated years, rounded up',
    '#,##0',
    tail,
  );
  const k = stats.ref('tailYears');
  const threshold = n < tail ? 0 : (sorted[n - tail] as number);
  stats.formula(
    'tailThreshold',
    'Smallest year of the worst 1% (USD)',
    threshold,
    `IF(COUNT(${range})<${k},0,LARGE(${range},${k}))`,
    'the K-th largest year (0 when fewer years had a loss)',
    USD_CENTS,
    threshold,
  );
  const t = stats.ref('tailThreshold');
  const cached = n <= tail ? sum(sorted) / tail : (sumAbove(sorted, threshold) + (tail - countAbove(sorted, threshold)) * threshold) / tail;
  stats.formula(
    'es',
    'Mean of the worst 1% of years (USD)',
    stored,
    `IF(COUNT(${range})<=${k},SUM(${range})/${k},(SUMIF(${range},">"&${t})+(${k}-COUNTIF(${range},">"&${t}))*${t})/${k})`,
    '(years above the threshold + the threshold × the rest of the K) / K',
    USD_CENTS,
    cached,
  );
}

/** Cost of one incident: median, 1 in 20 and mean over every simulated incident. */
function addIncidentStatistics(stats: FormulaSheet, result: RiskResult, incidents: Float64Array) {
  const range = `'Incidents'!A2:A${incidents.length + 1}`;
  const c = result.costIfItHappens;
  const n = incidents.length;
  const sorted = Float64Array.from(incidents).sort();
  stats.heading('Cost if it happens: one incident');
  stats.formula(
    'incidents',
    'Incidents simulated',
    n,
    `COUNT(${range})`,
    'every incident the cost-if-it-happens figures summarise',
    '#,##0',
    n,
  );
  const count = stats.ref('incidents');
  const rank = (p: number) => `IF(${count}<=0,0,SMALL(${range},MAX(1,CEILING(${p}*${count},1))))`;
  const nearest = (p: number) => (n === 0 ? 0 : (sorted[Math.max(1, Math.ceil(p * n)) - 1] as number));
  stats.formula(
    'incidentMedian',
    'Median cost of one incident (USD)',
    c.percentilesUsd.p50,
    rank(0.5),
    'nearest rank over the incidents',
    USD_CENTS,
    nearest(0.5),
  );
  stats.formula(
    'incidentP95',
    'Cost of one incident in 20, or more (USD)',
    c.percentilesUsd.p95,
    rank(0.95),
    'nearest rank over the incidents',
    USD_CENTS,
    nearest(0.95),
  );
  stats.formula(
    'incidentMean',
    'Mean cost of one incident (USD)',
    c.meanUsd,
    `IF(${count}<=0,0,SUM(${range})/${count})`,
    'sum / incidents',
    USD_CENTS,
    n === 0 ? 0 : sum(incidents) / n,
  );
}

/** The years and incidents sheets (as bulk columns, filled after saving) and the Statistics sheet. */
export function addSampleSheets(
  workbook: ExcelJS.Workbook,
  result: RiskResult,
  samples: LossSamples | null,
): { stats: FormulaSheet; bulk: BulkColumn[] } {
  const years = samples?.lossYearsUsd ?? new Float64Array(0);
  const incidents = samples?.incidentLossUsd ?? new Float64Array(0);
  const yearsColumn = addBulkColumnSheet(
    workbook,
    'Simulated years',
    'Annual loss of a simulated year with a loss (USD), in simulation order',
    years,
    USD_CENTS,
  );
  const incidentsColumn = addBulkColumnSheet(
    workbook,
    'Incidents',
    'Cost of one simulated incident (USD), in simulation order',
    incidents,
    USD_CENTS,
  );
  const stats = new FormulaSheet(workbook.addWorksheet('Statistics'));
  stats.input('years', 'Simulated years', result.iterations, 'iterations', '#,##0');
  if (samples === null) {
    const why = `Not available: this result was computed by model ${result.engineVersion}; the simulated years and incidents can be regenerated only by that model.`;
    for (const sheet of [yearsColumn.sheet, incidentsColumn.sheet]) sheet.addRow({ value: why });
    stats.heading(why, false);
    return { stats, bulk: [] };
  }
  addAnnualStatistics(stats, result, years);
  addIncidentStatistics(stats, result, incidents);
  return { stats, bulk: [yearsColumn, incidentsColumn] };
}
