import { normalQuantile } from './normal-quantile.ts';
import { sampleStandardNormalZiggurat } from './normal-ziggurat.ts';
import type { RandomSource } from './random-source.ts';

/**
 * A standard normal draw: the ziggurat method (fast path of two 32-bit
 * outputs). This is the normal every sampler of the engine uses.
 */
export function sampleStandardNormal(source: RandomSource): number {
  return sampleStandardNormalZiggurat(source);
}

/**
 * A standard normal draw by inversion (AS241) of one uniform: slower, but
 * exactly one uniform per draw and monotone in it (for coupling what-ifs).
 */
export function sampleStandardNormalByInversion(source: RandomSource): number {
  return normalQuantile(source.nextFloat64());
}
