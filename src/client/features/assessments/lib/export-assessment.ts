import type { Assessment } from '@/contracts/assessments.ts';
import { FACTORS } from '@/engine/factors.ts';

/**
 * Cells a spreadsheet would read as a formula (= + - @) or that start with a tab or carriage
 * return get a leading single quote (OWASP CSV injection advice), then RFC 4180 quoting.
 */
export function escapeCsvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/** The assessment as key/value rows plus the factor answers and recommendations. */
export function buildAssessmentCsv(assessment: Assessment): string {
  const r = assessment.result;
  const rows: unknown[][] = [
    ['Field', 'Value'],
    ['Title', assessment.title],
    ['Status', assessment.status],
    ['Author', assessment.author?.name ?? ''],
    ['Created', assessment.createdAt],
    ['Completed', assessment.completedAt ?? ''],
    ['Engine version', assessment.engineVersion ?? ''],
    ['Seed', assessment.seed ?? ''],
    ['Organisation', assessment.input.organisation?.name ?? ''],
    ['Industry', assessment.input.organisation?.industry ?? ''],
    ['Employees', assessment.input.organisation?.employees ?? ''],
    ['Annual revenue (USD)', assessment.input.organisation?.annualRevenueUsd ?? ''],
  ];
  if (r) {
    rows.push(
      ['Expected annual loss (USD)', Math.round(r.annualLoss.expectedUsd)],
      ['Annual loss 1-in-20 year (USD, p95)', Math.round(r.annualLoss.percentilesUsd.p95)],
      ['Annual loss 1-in-100 year (USD, p99)', Math.round(r.annualLoss.percentilesUsd.p99)],
      ['Probability of at least one loss event', r.probabilityOfAnyEvent],
      ['Cost if it happens, median (USD)', Math.round(r.costIfItHappens.percentilesUsd.p50)],
      ['Cost if it happens, 1 in 20 (USD, p95)', Math.round(r.costIfItHappens.percentilesUsd.p95)],
      ['Risk score (0-100)', r.riskScore.score],
      ['Risk band', r.riskScore.bandLabel],
      ['Iterations', r.iterations],
    );
  }
  rows.push([], ['Factor', 'Question', 'Answer']);
  for (const f of FACTORS) {
    const answer = r?.factorAnswers[f.id] ?? assessment.input.factors?.[f.id] ?? '';
    const label = f.options.find((o) => o.value === answer)?.label ?? answer;
    rows.push([`${f.id} ${f.name}`, f.question, label]);
  }
  if (r?.recommendations) {
    rows.push([], ['Rank', 'Recommendation', 'Annual loss reduction (USD)', 'Typical annual cost (USD)', 'ROSI', 'Payback (months)']);
    for (const rec of r.recommendations) {
      rows.push([rec.rank, rec.action, Math.round(rec.annualLossReductionUsd), Math.round(rec.annualCostUsd.midUsd), rec.returnOnSecurityInvestment.toFixed(2), rec.paybackMonths === null ? '' : rec.paybackMonths.toFixed(1)]);
    }
  }
  return toCsv(rows);
}

export function buildAssessmentJson(assessment: Assessment): string {
  return JSON.stringify(assessment, null, 2);
}

export function toFileName(title: string, extension: 'csv' | 'json'): string {
  const base = title.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'assessment';
  return `${base}.${extension}`;
}
