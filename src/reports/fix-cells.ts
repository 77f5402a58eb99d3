import { formatUsdShort } from './format.ts';
import { formatSavedPerDollar, type ReportModel } from './report-model.ts';

/** The top fixes' table as the PDF and the deck print it: its header, then one row of text a fix. */
export const FIX_COLUMNS = [
  'Fix',
  'Saves a year (alone)',
  'Less in the worst 1% of years',
  'Costs a year',
  'Saved per $1 spent',
  'Pays back in',
] as const;

export function fixCells(f: ReportModel['fixes'][number]): string[] {
  return [
    `${f.rank}. ${f.name}`,
    formatUsdShort(f.annualLossReductionUsd),
    f.expectedShortfall99ReductionUsd === null ? 'n/a' : formatUsdShort(f.expectedShortfall99ReductionUsd),
    `${formatUsdShort(f.annualCostLowUsd)}-${formatUsdShort(f.annualCostHighUsd)}`,
    formatSavedPerDollar(f).replace(' saved per $1', ''),
    f.paybackMonths === null ? 'n/a' : `${f.paybackMonths.toFixed(1)} months`,
  ];
}
