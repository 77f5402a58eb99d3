import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { percentileOfSorted } from './testing/summary-statistics.ts';
import {
  collectNonZero,
  computeExceedanceCurve,
  computeExceedanceCurveFromNonZero,
  selectKth,
  sortNonZero,
  summarizeAnnualLosses,
  summarizeEventLosses,
  summarizeNonZero,
  summarizeTailInPlace,
} from './summarize-losses.ts';

const lossesArb = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1, max: 1e8, noNaN: true })), { minLength: 1, maxLength: 400 });

describe('loss summaries', () => {
  test('selectKth puts the k-th smallest value at k', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }), fc.nat(), (values, seed) => {
        const a = Float64Array.from(values);
        const k = seed % a.length;
        selectKth(a, 0, a.length - 1, k);
        const sorted = Float64Array.from(values).sort();
        // Numeric equality: -0 and +0 are the same rank (a typed-array sort may order them either way).
        expect(a[k] === sorted[k]).toBe(true);
        for (let i = 0; i < k; i++) expect(a[i]).toBeLessThanOrEqual(a[k] as number);
        for (let i = k + 1; i < a.length; i++) expect(a[i]).toBeGreaterThanOrEqual(a[k] as number);
      }),
      { numRuns: 100 },
    );
  });

  test('event percentiles equal the nearest-rank percentiles of the sorted losses', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1, max: 1e8, noNaN: true }), { minLength: 1, maxLength: 400 }), (values) => {
        const summary = summarizeEventLosses(Float64Array.from(values));
        const sorted = Float64Array.from(values).sort();
        expect(summary.percentilesUsd).toEqual({
          p50: percentileOfSorted(sorted, 0.5),
          p90: percentileOfSorted(sorted, 0.9),
          p95: percentileOfSorted(sorted, 0.95),
          p99: percentileOfSorted(sorted, 0.99),
        });
      }),
      { numRuns: 100 },
    );
  });

  test('annual summary: percentiles with zeros, mean, sd and ES99 agree with a direct computation', () => {
    fc.assert(
      fc.property(lossesArb, (values) => {
        const a = Float64Array.from(values);
        const { summary, sortedNonZero } = summarizeAnnualLosses(a);
        const sorted = Float64Array.from(values).sort();
        expect(summary.percentilesUsd.p95).toBe(percentileOfSorted(sorted, 0.95));
        expect(summary.percentilesUsd.p50).toBe(percentileOfSorted(sorted, 0.5));
        const mean = values.reduce((s, x) => s + x, 0) / values.length;
        expect(summary.expectedUsd).toBeCloseTo(mean, 6);
        const tail = Math.max(1, Math.ceil(0.01 * values.length));
        const es = Array.from(sorted).slice(-tail).reduce((s, x) => s + x, 0) / tail;
        expect(summary.expectedShortfall99Usd).toBeCloseTo(es, 6);
        expect(Array.from(sortedNonZero)).toEqual(Array.from(sortNonZero(a)));
        expect(summary.probabilityOfAnyLoss).toBe(values.filter((x) => x > 0).length / values.length);
      }),
      { numRuns: 100 },
    );
  });

  test('the selection-based summary and curve equal the sort-based ones', () => {
    fc.assert(
      fc.property(lossesArb, fc.integer({ min: 0, max: 300 }), (values, extraZeros) => {
        const a = Float64Array.from([...values, ...new Array<number>(extraZeros).fill(0)]);
        const { summary, sortedNonZero } = summarizeAnnualLosses(a);
        const fast = summarizeNonZero(collectNonZero(a), a.length);
        expect(fast.percentilesUsd).toEqual(summary.percentilesUsd);
        expect(fast.maxUsd).toBe(summary.maxUsd);
        expect(fast.probabilityOfAnyLoss).toBe(summary.probabilityOfAnyLoss);
        expect(fast.expectedUsd).toBeCloseTo(summary.expectedUsd, 6);
        expect(fast.expectedShortfall99Usd).toBeCloseTo(summary.expectedShortfall99Usd, 6);
        expect(computeExceedanceCurveFromNonZero(collectNonZero(a), a.length, 10, 1e8, 60)).toEqual(computeExceedanceCurve(sortedNonZero, a.length, 10, 1e8, 60));
      }),
      { numRuns: 100 },
    );
  });

  test('the exceedance curve counts P(A > x) exactly', () => {
    fc.assert(
      fc.property(lossesArb, (values) => {
        const { sortedNonZero } = summarizeAnnualLosses(Float64Array.from(values));
        const curve = computeExceedanceCurve(sortedNonZero, values.length, 10, 1e8, 60);
        expect(curve).toHaveLength(60);
        for (const point of curve) expect(point.probability).toBe(values.filter((x) => x > point.lossUsd).length / values.length);
      }),
      { numRuns: 50 },
    );
  });

  test('the tail-only summary (recommendations) gives exactly the full summary\'s P99 and ES99, whatever the share of years with a loss', () => {
    fc.assert(
      fc.property(lossesArb, fc.integer({ min: 0, max: 30_000 }), (losses, extraZeroYears) => {
        const nonZero = collectNonZero(Float64Array.from(losses));
        const years = losses.length + extraZeroYears;
        const full = summarizeNonZero(nonZero, years);
        const tail = summarizeTailInPlace(Float64Array.from(nonZero), years);
        expect(tail.p99Usd).toBe(full.percentilesUsd.p99);
        expect(tail.expectedShortfall99Usd).toBe(full.expectedShortfall99Usd);
      }),
      { numRuns: 300 },
    );
  });
});
