import { describe, expect, test } from 'vitest';
import { assessRisk, computeAnnualLossYears } from './assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';
import { summarizeNonZero } from './summarize-losses.ts';

describe('computeAnnualLossYears', () => {
  test('the years reproduce the annual-loss summary of assessRisk on the same seed and iterations, bit for bit', () => {
    const options = { seed: 7, iterations: 20_000 };
    const result = assessRisk(SAMPLE_CLINIC_INPUT, { ...options, attribution: false });
    const years = computeAnnualLossYears(SAMPLE_CLINIC_INPUT, options);
    expect(years.length).toBeGreaterThan(0);
    expect(years.every((x) => x > 0)).toBe(true);
    expect(summarizeNonZero(years, options.iterations)).toEqual(result.annualLoss);
  });

  test('unknown answers draw their level per year exactly as assessRisk does', () => {
    const input = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'unknown', A4: 'unknown' } } as const;
    const options = { seed: 3, iterations: 10_000 };
    const result = assessRisk(input, { ...options, attribution: false });
    expect(summarizeNonZero(computeAnnualLossYears(input, options), options.iterations).expectedUsd).toBe(result.annualLoss.expectedUsd);
  });

  test('a different seed gives different years; invalid options are refused by name', () => {
    const a = computeAnnualLossYears(SAMPLE_CLINIC_INPUT, { seed: 1, iterations: 5_000 });
    const b = computeAnnualLossYears(SAMPLE_CLINIC_INPUT, { seed: 2, iterations: 5_000 });
    expect(a).not.toEqual(b);
    expect(() => computeAnnualLossYears(SAMPLE_CLINIC_INPUT, { seed: 1, iterations: 10 })).toThrow(/iterations/);
    expect(() => computeAnnualLossYears(SAMPLE_CLINIC_INPUT, { seed: -1, iterations: 5_000 })).toThrow(RangeError);
  });
});
