import { sampleGamma } from './gamma.ts';
import { samplePoisson } from './poisson.ts';
import type { RandomSource } from './random-source.ts';

/**
 * A negative binomial draw with the given mean and dispersion ("size" r),
 * as a gamma-Poisson mixture: lambda ~ Gamma(r, mean / r), N ~ Poisson(lambda).
 * Variance = mean + mean^2 / r. No argument checks (hot path).
 */
export function sampleNegativeBinomial(source: RandomSource, mean: number, dispersion: number): number {
  const lambda = sampleGamma(source, dispersion, mean / dispersion);
  return samplePoisson(source, lambda);
}

/**
 * The negative binomial mean that gives P(N >= 1) = probability for a
 * dispersion r: mu = r * ((1 - p)^(-1/r) - 1), from P(N = 0) = (r / (r + mu))^r.
 */
export function negativeBinomialMeanForProbability(probability: number, dispersion: number): number {
  return dispersion * (Math.pow(1 - probability, -1 / dispersion) - 1);
}

/** P(N >= 1) of a negative binomial with this mean and dispersion. */
export function negativeBinomialProbabilityOfAny(mean: number, dispersion: number): number {
  return 1 - Math.pow(dispersion / (dispersion + mean), dispersion);
}
