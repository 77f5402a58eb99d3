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

// One formatter, made once: toLocaleDateString builds a new one on every call, a few milliseconds
// each on a phone, once per row of a list.
const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}
