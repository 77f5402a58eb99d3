// ADR 266: the insurance view comes from the worst 1% of simulated years pooled, not from the one
// year that happens to sit at the P99, so its figures hold from seed to seed.
import { describe, expect, test } from 'vitest';
import { assessRisk, poolWorstYears } from './assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

const insured = { ...SAMPLE_CLINIC_INPUT, insurance: { limitUsd: 2_000_000, retentionUsd: 50_000 } };
const RUN = { attribution: false, parameterUncertainty: false } as const;

describe('poolWorstYears', () => {
  test('takes the worst ceil(1%) of years, ties in year order, and caps each year at the limit', () => {
    // 300 years: 5 with a loss; the worst 3 are 90, 50 and the first of the two 40s.
    const gross = Float64Array.of(40, 90, 10, 40, 50);
    const insurable = Float64Array.of(30, 80, 5, 35, 45);
    const tail = poolWorstYears(gross, insurable, 300, 60);
    expect(tail).toEqual({ years: 3, grossUsd: 180, insurableUsd: 155, paidUsd: 60 + 45 + 30 });
    expect(poolWorstYears(gross, insurable, 300, null).paidUsd).toBe(0);
    // Fewer loss years than the tail: the others lost nothing.
    expect(poolWorstYears(Float64Array.of(7), Float64Array.of(7), 1_000, 5)).toEqual({ years: 10, grossUsd: 7, insurableUsd: 7, paidUsd: 5 });
  });
});

describe('insurance view from the pooled tail', () => {
  test('the covered share of a 1-in-100 year is stable to 0.5 points across seeds', () => {
    const shares = [1, 2, 3, 4].map((seed) => assessRisk(insured, { ...RUN, seed }).insuranceView.coveredShareOfOneInHundredYear);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThan(0.005);
    expect(Math.min(...shares)).toBeGreaterThan(0);
  }, 60_000);

  test('one set of figures: uncovered = the P99 of the loss kept after insurance (ADR 313), paid = loss - uncovered, covered = paid / loss', () => {
    const r = assessRisk(insured, { ...RUN, seed: 5 });
    const v = r.insuranceView;
    expect(v.uncoveredInOneInHundredYearUsd).toBe(r.insurance?.netPercentilesUsd.p99);
    expect(v.recoveredInOneInHundredYearUsd).toBe(v.oneInHundredYearLossUsd - v.uncoveredInOneInHundredYearUsd);
    expect(v.coveredShareOfOneInHundredYear).toBe(v.recoveredInOneInHundredYearUsd / v.oneInHundredYearLossUsd);
    // Retention per incident makes part of every year uninsurable.
    expect(v.limitToCoverOneInHundredYearUsd).toBeLessThan(v.oneInHundredYearLossUsd);
    // The worst 1% of years average more than the limit: the gap shows, and it is below ES99.
    expect(v.worstYearsUninsuredAverageUsd).toBeGreaterThan(0);
    expect(v.worstYearsUninsuredAverageUsd).toBeLessThan(v.expectedShortfall99Usd);
  }, 60_000);

  test('without a policy the worst years keep everything: their uninsured average is ES99', () => {
    const { insurance: _policy, ...uninsured } = SAMPLE_CLINIC_INPUT;
    const r = assessRisk(uninsured, { ...RUN, seed: 5, iterations: 50_000 });
    expect(r.insuranceView.worstYearsUninsuredAverageUsd).toBeCloseTo(r.annualLoss.expectedShortfall99Usd, 4);
    expect(r.insuranceView.recoveredInOneInHundredYearUsd).toBe(0);
  });
});
