import type { RandomSource } from './random-source.ts';

/** A unit-rate exponential draw, -ln(U) with U in (0, 1). */
export function sampleExponential(source: RandomSource): number {
  return -Math.log(source.nextFloat64());
}
