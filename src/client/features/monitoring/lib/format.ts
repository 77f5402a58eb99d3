import { formatPercent as formatReportPercent } from '@/reports/format.ts';

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** $1.2M, $350K, $900 (the headline style of the results pages). */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return Math.abs(value) < 1000 ? wholeUsd.format(value) : compactUsd.format(value);
}

/** +$12K / −$40K: a change, with its sign. */
export function formatUsdChange(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const rounded = Math.round(value);
  if (rounded === 0) return '$0';
  return `${rounded > 0 ? '+' : '−'}${formatUsd(Math.abs(rounded))}`;
}

/** 8.3% (the reports' format, src/reports/format.ts); a missing figure shows '—' on screen. */
export function formatPercent(probability: number): string {
  return formatReportPercent(probability, '—');
}

export function formatDay(iso: string): string {
  const date = iso.length === 10 ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}
