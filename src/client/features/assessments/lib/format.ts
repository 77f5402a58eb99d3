import { formatPercent as formatReportPercent } from '@/reports/format.ts';

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** $1.2M, $350K, $0: the headline style. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return Math.abs(value) < 1000 ? wholeUsd.format(value) : compactUsd.format(value);
}

/** 8.3% (the reports' format, src/reports/format.ts); a missing figure shows '—' on screen. */
export function formatPercent(probability: number): string {
  return formatReportPercent(probability, '—');
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
