const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** $1.2M, $350K, $0: the headline style. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return Math.abs(value) < 1000 ? wholeUsd.format(value) : compactUsd.format(value);
}

/** 8.3%; values under 0.1% show one more digit so small tails are not shown as 0. */
export function formatPercent(probability: number): string {
  if (!Number.isFinite(probability)) return '—';
  const pct = probability * 100;
  if (pct !== 0 && Math.abs(pct) < 0.1) return `${pct.toFixed(2)}%`;
  return `${pct.toFixed(1)}%`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
