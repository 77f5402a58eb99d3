import { describe, expect, test } from 'vitest';
import { computeMean, computeVariance, percentileOfSorted, sortedCopy } from '../testing/summary-statistics.ts';
import { sampleDirichlet } from './dirichlet.ts';
import { sampleExponential } from './exponential.ts';
import { sampleGamma } from './gamma.ts';
import { logGamma } from './log-gamma.ts';
import { lognormalMean, lognormalQuantile, sampleLognormal } from './lognormal.ts';
import {
  negativeBinomialMeanForProbability,
  negativeBinomialProbabilityOfAny,
  sampleNegativeBinomial,
} from './negative-binomial.ts';
import { sampleStandardNormal, sampleStandardNormalByInversion } from './normal.ts';
import { normalQuantile } from './normal-quantile.ts';
import { samplePoisson } from './poisson.ts';
import type { RandomSource } from './random-source.ts';
import { createXoshiro128 } from './xoshiro128.ts';
import calibration from '../calibration/calibration-source.json' with { type: 'json' };

const N = 200_000;

function draw(n: number, seed: number, sample: (source: RandomSource) => number): Float64Array {
  const source = createXoshiro128(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = sample(source);
  return out;
}

/** |observed - expected| must stay below `z` standard errors (z = 4.5 unless stated). */
function expectWithinStandardErrors(observed: number, expected: number, standardError: number, z = 4.5): void {
  expect(Math.abs(observed - expected)).toBeLessThan(z * standardError);
}

describe('normalQuantile (AS241)', () => {
  test('matches known quantiles to 1e-12', () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.05)).toBeCloseTo(-1.6448536269514722, 12);
    expect(normalQuantile(0.99)).toBeCloseTo(2.3263478740408408, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
  });
});

for (const [name, sampler] of [
  ['ziggurat', sampleStandardNormal],
  ['inversion', sampleStandardNormalByInversion],
] as const) {
  describe(`standard normal (${name})`, () => {
    const x = draw(N, 1, sampler);
    test('mean 0 and variance 1 within 4.5 standard errors', () => {
      expectWithinStandardErrors(computeMean(x), 0, Math.sqrt(1 / N));
      expectWithinStandardErrors(computeVariance(x), 1, Math.sqrt(2 / N));
    });
    test('0.1%, 5%, 50%, 95% and 99.9% quantiles within 0.02 (0.06 at 0.1%/99.9%) of the analytic ones', () => {
      const s = sortedCopy(x);
      for (const p of [0.05, 0.5, 0.95]) expect(Math.abs(percentileOfSorted(s, p) - normalQuantile(p))).toBeLessThan(0.02);
      for (const p of [0.001, 0.999]) expect(Math.abs(percentileOfSorted(s, p) - normalQuantile(p))).toBeLessThan(0.06);
    });
    test('tail mass beyond |z| > 3 and |z| > 3.7 (the ziggurat base strip) matches 2(1 - Φ) within 4.5 standard errors', () => {
      for (const [z, p] of [
        [3, 0.0026997960632601866],
        [3.7, 0.00021561338],
      ] as const) {
        let count = 0;
        for (const v of x) if (Math.abs(v) > z) count += 1;
        expectWithinStandardErrors(count / N, p, Math.sqrt((p * (1 - p)) / N));
      }
    });
  });
}

describe('exponential', () => {
  test('mean 1, variance 1, median ln 2', () => {
    const x = draw(N, 2, sampleExponential);
    expectWithinStandardErrors(computeMean(x), 1, Math.sqrt(1 / N));
    expectWithinStandardErrors(computeVariance(x), 1, Math.sqrt(8 / N));
    expect(Math.abs(percentileOfSorted(sortedCopy(x), 0.5) - Math.LN2)).toBeLessThan(0.01);
  });
});

describe('gamma (Marsaglia-Tsang with the shape < 1 boost)', () => {
  // Fourth central moment of Gamma(a, 1) is 3a^2 + 6a, so Var(sample variance) ~ (3a^2 + 6a - a^2) / n.
  for (const [shape, scale] of [
    [0.262, 1],
    [0.5, 2],
    [1, 1],
    [4.4, 1],
    [16.55, 0.5],
  ] as const) {
    test(`Gamma(${shape}, ${scale}): mean and variance within 4.5 standard errors`, () => {
      const x = draw(N, 3, (s) => sampleGamma(s, shape, scale));
      const mean = shape * scale;
      const variance = shape * scale * scale;
      expectWithinStandardErrors(computeMean(x), mean, Math.sqrt(variance / N));
      const varSe = Math.sqrt(((2 * shape * shape + 6 * shape) * scale ** 4) / N);
      expectWithinStandardErrors(computeVariance(x), variance, varSe);
      expect(Math.min(...x.subarray(0, 10_000))).toBeGreaterThan(0);
    });
  }
  test('Gamma(1, 1) median equals ln 2 within 0.01 (exponential special case)', () => {
    const x = draw(N, 4, (s) => sampleGamma(s, 1, 1));
    expect(Math.abs(percentileOfSorted(sortedCopy(x), 0.5) - Math.LN2)).toBeLessThan(0.01);
  });
  test('Gamma(0.262, 1): P(X < 0.01) matches the series of the regularised incomplete gamma within 0.005', () => {
    // For small x, P(X < x) = x^a e^-x / Γ(a+1) * Σ x^k / ((a+1)...(a+k)).
    const a = 0.262;
    const xq = 0.01;
    let term = 1;
    let sum = 1;
    for (let k = 1; k < 30; k++) {
      term *= xq / (a + k);
      sum += term;
    }
    const expected = Math.exp(a * Math.log(xq) - xq - logGamma(a + 1)) * sum;
    const x = draw(N, 5, (s) => sampleGamma(s, a, 1));
    let below = 0;
    for (const v of x) if (v < xq) below += 1;
    expect(Math.abs(below / N - expected)).toBeLessThan(0.005);
  });
});

describe('poisson', () => {
  for (const mean of [0.1, 3, 9.5, 25, 300]) {
    test(`Poisson(${mean}): mean and variance within 4.5 standard errors`, () => {
      const x = draw(N, 6, (s) => samplePoisson(s, mean));
      expectWithinStandardErrors(computeMean(x), mean, Math.sqrt(mean / N));
      // Var(sample variance) ~ (mu4 - sigma^4) / n with mu4 = mean + 3 mean^2 for a Poisson.
      expectWithinStandardErrors(computeVariance(x), mean, Math.sqrt((mean + 2 * mean * mean) / N));
      let zeros = 0;
      for (const v of x) if (v === 0) zeros += 1;
      const p0 = Math.exp(-mean);
      expectWithinStandardErrors(zeros / N, p0, Math.sqrt((p0 * (1 - p0)) / N) + 1e-12);
    });
  }
  test('PTRS quantiles match the exact Poisson(25) quantiles', () => {
    const x = draw(N, 7, (s) => samplePoisson(s, 25));
    const sorted = sortedCopy(x);
    // Exact quantiles from the CDF.
    const exact = (p: number): number => {
      let k = 0;
      let pk = Math.exp(-25);
      let cdf = pk;
      while (cdf < p) {
        k += 1;
        pk *= 25 / k;
        cdf += pk;
      }
      return k;
    };
    for (const p of [0.1, 0.5, 0.9, 0.99]) expect(Math.abs(percentileOfSorted(sorted, p) - exact(p))).toBeLessThanOrEqual(1);
  });
});

describe('negative binomial (gamma-Poisson)', () => {
  test('mean and variance mean + mean^2 / r within 4.5 standard errors', () => {
    const mean = 2;
    const r = 1.5;
    const x = draw(N, 8, (s) => sampleNegativeBinomial(s, mean, r));
    const variance = mean + (mean * mean) / r;
    expectWithinStandardErrors(computeMean(x), mean, Math.sqrt(variance / N));
    expect(Math.abs(computeVariance(x) / variance - 1)).toBeLessThan(0.04);
  });

  const dispersion = calibration.frequency.negative_binomial_dispersion_size.value;
  const tiers = calibration.frequency.iris_annual_probability_by_revenue_2024.value;
  for (const [tier, probabilities] of Object.entries(tiers)) {
    test(`reproduces the IRIS25 P(N >= 1) = ${probabilities.at_least_1} of revenue tier ${tier} within 0.2 percentage points`, () => {
      const mean = negativeBinomialMeanForProbability(probabilities.at_least_1, dispersion);
      expect(negativeBinomialProbabilityOfAny(mean, dispersion)).toBeCloseTo(probabilities.at_least_1, 12);
      const x = draw(N, 9, (s) => sampleNegativeBinomial(s, mean, dispersion));
      let any = 0;
      for (const v of x) if (v >= 1) any += 1;
      expect(Math.abs(any / N - probabilities.at_least_1)).toBeLessThan(0.002);
    });
  }
});

describe('lognormal', () => {
  const median = 357_000;
  const sigma = 1.969;
  const x = draw(N, 10, (s) => sampleLognormal(s, median, sigma));
  const sorted = sortedCopy(x);
  test('P50, P90, P95 and P99 match the analytic percentiles within 4.5 standard errors in log space', () => {
    for (const p of [0.5, 0.9, 0.95, 0.99]) {
      const z = normalQuantile(p);
      const density = Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
      const logSe = (sigma * Math.sqrt((p * (1 - p)) / N)) / density;
      expectWithinStandardErrors(Math.log(percentileOfSorted(sorted, p)), Math.log(lognormalQuantile(p, median, sigma)), logSe);
    }
  });
  test('log-space mean and sd match ln(median) and sigma', () => {
    const logs = x.map(Math.log);
    expectWithinStandardErrors(computeMean(logs), Math.log(median), sigma / Math.sqrt(N));
    expect(Math.abs(Math.sqrt(computeVariance(logs)) - sigma)).toBeLessThan(0.01);
  });
  test('analytic mean is median * exp(sigma^2 / 2)', () => {
    expect(lognormalMean(357_000, 1.969)).toBeCloseTo(357_000 * Math.exp(1.969 ** 2 / 2), 6);
  });
  test('the cap clips draws at the cap', () => {
    const capped = draw(20_000, 11, (s) => sampleLognormal(s, median, sigma, 1_000_000));
    expect(Math.max(...capped)).toBe(1_000_000);
  });
});

describe('dirichlet', () => {
  test('component means alpha_k / alpha_0 and variances within 4.5 standard errors; each draw sums to 1', () => {
    const alpha = [16.55, 4.4, 13.5, 15.55];
    const a0 = alpha.reduce((a, b) => a + b, 0);
    const source = createXoshiro128(12);
    const n = 100_000;
    const columns = alpha.map(() => new Float64Array(n));
    const out = new Float64Array(4);
    let worstSumError = 0;
    for (let i = 0; i < n; i++) {
      sampleDirichlet(source, alpha, out);
      worstSumError = Math.max(worstSumError, Math.abs((out[0] ?? 0) + (out[1] ?? 0) + (out[2] ?? 0) + (out[3] ?? 0) - 1));
      for (let k = 0; k < 4; k++) (columns[k] as Float64Array)[i] = out[k] ?? 0;
    }
    expect(worstSumError).toBeLessThan(1e-12);
    alpha.forEach((ak, k) => {
      const mean = ak / a0;
      const variance = (ak * (a0 - ak)) / (a0 * a0 * (a0 + 1));
      const column = columns[k] as Float64Array;
      expectWithinStandardErrors(computeMean(column), mean, Math.sqrt(variance / n));
      expect(Math.abs(computeVariance(column) / variance - 1)).toBeLessThan(0.03);
    });
  });
});
