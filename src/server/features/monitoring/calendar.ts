/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so every instance agrees on "today". */

const DAY_MS = 86_400_000;

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseIsoDate(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

export function addDays(isoDate: string, days: number): string {
  return toIsoDate(new Date(parseIsoDate(isoDate).getTime() + days * DAY_MS));
}

/** Adds calendar months; a day that does not exist in the target month becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const date = parseIsoDate(isoDate);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay))));
}

/** The first anniversary of `since` (1, 2, ... years later) that falls on or after `today`. */
export function nextAnniversary(since: string, today: string): string {
  for (let years = 1; ; years++) {
    const candidate = addMonths(since, 12 * years);
    if (candidate >= today) return candidate;
  }
}
