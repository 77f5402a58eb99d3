import { logGamma } from './log-gamma.ts';
import type { RandomSource } from './random-source.ts';

/** Below this mean we invert the CDF; above it we use PTRS (as numpy does). */
const INVERSION_LIMIT = 10;

/**
 * A Poisson(mean) draw. Small means (the SME case, about 0.1 events a year)
 * use sequential inversion of the CDF from one uniform; means of 10 or more
 * use Hörmann's transformed rejection with squeeze (PTRS, 1993). Returns 0
 * for mean <= 0. No argument checks (hot path).
 */
export function samplePoisson(source: RandomSource, mean: number): number {
  if (mean <= 0) return 0;
  if (mean < INVERSION_LIMIT) return samplePoissonByInversion(source.nextFloat64(), mean);
  return samplePoissonPtrs(source, mean);
}

/**
 * Poisson inverse CDF: the smallest k with P(N <= k) >= u. Monotone in both
 * u and mean, which is what common random numbers need.
 */
function samplePoissonByInversion(u: number, mean: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  while (cdf < u) {
    k += 1;
    p *= mean / k;
    const next = cdf + p;
    // Floating-point tail: the CDF stops growing before reaching u.
    if (next === cdf) break;
    cdf = next;
  }
  return k;
}

function samplePoissonPtrs(source: RandomSource, mean: number): number {
  const slam = Math.sqrt(mean);
  const logLam = Math.log(mean);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const invAlpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = source.nextFloat64() - 0.5;
    const v = source.nextFloat64();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + Math.log(invAlpha) - Math.log(a / (us * us) + b) <= -mean + k * logLam - logGamma(k + 1)) {
      return k;
    }
  }
}
