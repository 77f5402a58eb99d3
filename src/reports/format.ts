/**
 * Number formats of every report (PDF, PowerPoint, workbook, /presentation): one module so the
 * three outputs print the same figure the same way.
 */
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
// Made once: toLocaleString and toLocaleDateString build a new formatter on every call.
const wholeNumber = new Intl.NumberFormat('en-US');
const longDate = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** $1,234,567: the exact figure (whole dollars), as the headline prints it. */
export function formatUsdExact(value: number): string {
  return Number.isFinite(value) ? wholeUsd.format(value) : 'n/a';
}

/** $1.2M, $350K: chart labels and running text. */
export function formatUsdShort(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.abs(value) < 1000 ? wholeUsd.format(value) : compactUsd.format(value);
}

/** +$12,345 / -$12,345: a change. */
export function formatUsdChange(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const rounded = Math.round(value);
  if (rounded === 0) return '$0';
  return `${rounded > 0 ? '+' : '-'}${wholeUsd.format(Math.abs(rounded))}`;
}

/**
 * 8.3%; small tails keep two decimals so they are not shown as 0. The one percent format of the
 * reports and the client; `missing` is what a non-finite figure prints ('n/a' in reports, '—' on
 * screen).
 */
export function formatPercent(probability: number, missing = 'n/a'): string {
  if (!Number.isFinite(probability)) return missing;
  const pct = probability * 100;
  if (pct !== 0 && Math.abs(pct) < 0.1) return `${pct.toFixed(2)}%`;
  return `${pct.toFixed(1)}%`;
}

/** "about 1 year in 12". */
export function formatReturnPeriod(probability: number): string {
  if (probability <= 0) return 'less than once in 100,000 years';
  return `about 1 year in ${wholeNumber.format(Math.max(1, Math.round(1 / probability)))}`;
}

/** 22 November 2026 (UTC, so the server and the browser print the same date). */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** Safe file-name stem: "acme-health-2026-11-22". */
export function toFileStem(organisationName: string, isoDate: string): string {
  const slug = organisationName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60);
  return `${slug || 'organisation'}-${isoDate.slice(0, 10)}`;
}

/** "A, B and C": names joined as a sentence lists them. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A payback period in words: "under a month", "4.5 months", "14 months". */
export function months(value: number): string {
  return value < 1 ? 'under a month' : `${value.toFixed(value < 10 ? 1 : 0)} months`;
}
