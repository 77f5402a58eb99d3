import { describe, expect, it } from 'vitest';
import { formatPercent } from './format.ts';

describe('formatPercent (the one percent format of reports and client)', () => {
  it('prints one decimal, and two for small tails so they do not read as 0', () => {
    expect(formatPercent(0.083)).toBe('8.3%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(0.0004)).toBe('0.04%');
  });

  it("prints the caller's placeholder for a missing figure", () => {
    expect(formatPercent(Number.NaN)).toBe('n/a');
    expect(formatPercent(Number.POSITIVE_INFINITY, '—')).toBe('—');
  });
});
