import { normalQuantile } from './normal-quantile.ts';
import { sampleStandardNormal } from './normal.ts';
import type { RandomSource } from './random-source.ts';

/**
 * A lognormal draw given its median and log-space sigma:
 * exp(ln(median) + sigma * Z), optionally capped (clipped) at `cap`.
 * No argument checks (hot path).
 */
export function sampleLognormal(source: RandomSource, median: number, sigma: number, cap = Number.POSITIVE_INFINITY): number {
  const x = median * Math.exp(sigma * sampleStandardNormal(source));
  return x > cap ? cap : x;
}

/** The analytic p-quantile of a lognormal with this median and sigma. */
export function lognormalQuantile(p: number, median: number, sigma: number): number {
  return median * Math.exp(sigma * normalQuantile(p));
}

/** The analytic mean of a lognormal with this median and sigma: median * exp(sigma^2 / 2). */
export function lognormalMean(median: number, sigma: number): number {
  return median * Math.exp((sigma * sigma) / 2);
}
