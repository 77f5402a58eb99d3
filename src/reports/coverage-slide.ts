import type { Coverage } from '@/contracts/risk-profile.ts';
import { formatUsdExact } from './format.ts';

/**
 * The insurance section of every format (/presentation, PDF, deck) told from the coverage figures
 * (src/reports/coverage.ts, ADR 219): the same sentences everywhere, so no format can print a
 * different uninsured figure from another. (Shaped like a ReportSlide without importing the report
 * model, which imports this.)
 */
/** The presenter's summary: what we keep in the bad years, against the appetite (the bullets give the detail). */
function keptSummary(coverage: Coverage): string {
  const [oneInTwenty, oneInHundred] = coverage.badYears;
  if (oneInTwenty === undefined || oneInHundred === undefined) return '';
  const kept = `${coverage.policy === null ? 'With no policy' : 'After insurance'} we would keep ${formatUsdExact(oneInTwenty.uninsuredUsd)} in a 1-in-20 year and ${formatUsdExact(oneInHundred.uninsuredUsd)} in a 1-in-100 year.`;
  if (coverage.appetite === null) return `${kept} We have not set how much we can absorb in a year.`;
  const worst = oneInHundred.isAboveAppetite
    ? `A 1-in-100 year would take us beyond the ${formatUsdExact(coverage.appetite.amountUsd)} we said we can absorb.`
    : `Even a 1-in-100 year stays within the ${formatUsdExact(coverage.appetite.amountUsd)} we said we can absorb.`;
  return `${kept} ${worst}`;
}

export function coverageSlide(coverage: Coverage): { title: string; takeaway: string; bullets: string[]; notes: string } {
  const subLimits = coverage.policy?.subLimits ?? [];
  const subLimitBullet =
    subLimits.length === 0
      ? []
      : [`Sub-limits: ${subLimits.map((l) => `${l.label} ${formatUsdExact(l.amountUsd)}`).join('; ')} (not modelled per scenario).`];
  const [oneInTwenty] = coverage.badYears;
  const takeaway =
    coverage.appetite !== null
      ? `A year costing more than our ${formatUsdExact(coverage.appetite.amountUsd)} appetite has a chance of ${coverage.appetite.chanceText}, before insurance.`
      : coverage.policy === null
        ? 'No cyber-insurance policy was entered, so every dollar of loss stays with the organisation.'
        : `In a 1-in-20 year we would keep ${formatUsdExact(oneInTwenty?.uninsuredUsd ?? 0)} after insurance.`;
  return {
    title: 'Insurance and risk appetite',
    takeaway,
    bullets: [...coverage.sentences, ...subLimitBullet],
    notes: [
      keptSummary(coverage),
      ...(coverage.subLimitNote === null ? [] : [coverage.subLimitNote]),
      'The question for the board is whether what we would keep is a loss we can absorb.',
    ].join(' '),
  };
}
