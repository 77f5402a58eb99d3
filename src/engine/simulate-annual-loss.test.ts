import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { lognormalMean } from './random/lognormal.ts';
import { simulateAnnualLoss, simulateAnnualLossChunk } from './simulate-annual-loss.ts';
import type { SimulateAnnualLossInput } from './simulate-annual-loss.ts';

/** Index of the first element that differs (bitwise, via Object.is), or -1. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

const poissonInput: SimulateAnnualLossInput = {
  frequency: { kind: 'poisson', rate: 0.3 },
  severity: { kind: 'lognormal', median: 100_000, sigma: 1 },
  iterations: 200_000,
  seed: 11,
};

describe('simulateAnnualLoss', () => {
  const { annualLosses, summary } = simulateAnnualLoss(poissonInput);

  test('Poisson x lognormal: P(any), event rate and mean match the analytic values within 4.5 SE', () => {
    const n = poissonInput.iterations;
    const pAny = 1 - Math.exp(-0.3);
    expect(Math.abs(summary.probabilityOfAnyLoss - pAny)).toBeLessThan(4.5 * Math.sqrt((pAny * (1 - pAny)) / n));
    expect(Math.abs(summary.meanEventsPerYear - 0.3)).toBeLessThan(4.5 * Math.sqrt(0.3 / n));
    // Compound Poisson: mean = rate E[X], variance = rate E[X^2].
    const mean = 0.3 * lognormalMean(100_000, 1);
    const variance = 0.3 * 100_000 ** 2 * Math.exp(2);
    expect(Math.abs(summary.expectedUsd - mean)).toBeLessThan(4.5 * Math.sqrt(variance / n));
    expect(annualLosses).toHaveLength(n);
  });

  test('the cap clips each event loss', () => {
    const capped = simulateAnnualLoss({ ...poissonInput, iterations: 20_000, severity: { kind: 'lognormal', median: 100_000, sigma: 2, cap: 150_000 } });
    const counts = simulateAnnualLoss({ ...poissonInput, iterations: 20_000, severity: { kind: 'lognormal', median: 1, sigma: 0 } });
    // With a constant loss of 1 the annual loss equals the event count, so loss <= 150,000 x count.
    let violations = 0;
    let clipped = 0;
    for (let i = 0; i < 20_000; i++) {
      const loss = capped.annualLosses[i] ?? 0;
      const events = counts.annualLosses[i] ?? 0;
      if (loss > 150_000 * events + 1e-6) violations += 1;
      if (events === 1 && loss === 150_000) clipped += 1;
    }
    expect(violations).toBe(0);
    // P(X > cap) = P(Z > ln 1.5 / 2) ~ 42% of one-event years hit the cap exactly.
    expect(clipped).toBeGreaterThan(500);
  });

  test('negative binomial: mean and P(N >= 1) match mean and 1 - (r/(r+mu))^r within 4.5 SE', () => {
    const r = simulateAnnualLoss({ frequency: { kind: 'negativeBinomial', mean: 0.13, dispersion: 0.262 }, severity: { kind: 'lognormal', median: 1, sigma: 0 }, iterations: 200_000, seed: 5 });
    const pAny = 1 - Math.pow(0.262 / (0.262 + 0.13), 0.262);
    expect(Math.abs(r.summary.probabilityOfAnyLoss - pAny)).toBeLessThan(4.5 * Math.sqrt((pAny * (1 - pAny)) / 200_000));
    const variance = 0.13 + 0.13 ** 2 / 0.262;
    expect(Math.abs(r.summary.meanEventsPerYear - 0.13)).toBeLessThan(4.5 * Math.sqrt(variance / 200_000));
  });

  test('chunking does not change results: chunks and worker chunks give identical arrays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60_000 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (iterations, chunks, seed) => {
        const input: SimulateAnnualLossInput = { ...poissonInput, iterations, seed };
        const whole = simulateAnnualLoss(input);
        const chunked = simulateAnnualLoss({ ...input, chunks });
        expect(firstDifference(chunked.annualLosses, whole.annualLosses)).toBe(-1);
        expect(chunked.summary).toEqual(whole.summary);
        const blocks = Math.ceil(iterations / 8192);
        if (blocks > 1) {
          const a = simulateAnnualLossChunk(input, 0, 1);
          const b = simulateAnnualLossChunk(input, 1, blocks - 1);
          const joined = new Float64Array(iterations);
          joined.set(a.annualLosses, a.firstYear);
          joined.set(b.annualLosses, b.firstYear);
          expect(firstDifference(joined, whole.annualLosses)).toBe(-1);
        }
      }),
      { numRuns: 20 },
    );
  });

  test('invalid input throws a RangeError naming the parameter', () => {
    const cases: [string, SimulateAnnualLossInput][] = [
      ['frequency.rate', { ...poissonInput, frequency: { kind: 'poisson', rate: -1 } }],
      ['frequency.mean', { ...poissonInput, frequency: { kind: 'negativeBinomial', mean: Number.NaN, dispersion: 1 } }],
      ['frequency.dispersion', { ...poissonInput, frequency: { kind: 'negativeBinomial', mean: 1, dispersion: 0 } }],
      ['severity.median', { ...poissonInput, severity: { kind: 'lognormal', median: 0, sigma: 1 } }],
      ['severity.sigma', { ...poissonInput, severity: { kind: 'lognormal', median: 1, sigma: -2 } }],
      ['severity.cap', { ...poissonInput, severity: { kind: 'lognormal', median: 1, sigma: 1, cap: -5 } }],
      ['iterations', { ...poissonInput, iterations: 0 }],
      ['seed', { ...poissonInput, seed: 1.5 }],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), ([name, input]) => {
        expect(() => simulateAnnualLoss(input)).toThrow(RangeError);
        expect(() => simulateAnnualLoss(input)).toThrow(new RegExp(`^${name.replace('.', '\\.')}:`));
      }),
      { numRuns: 16 },
    );
  });
});
