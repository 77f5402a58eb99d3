import { sampleGamma } from './gamma.ts';
import type { RandomSource } from './random-source.ts';

/**
 * Fills `out` with one Dirichlet(alpha) draw (normalised Gamma(alpha_k, 1)
 * draws). `out` is caller-owned so hot loops do not allocate.
 */
export function sampleDirichlet(source: RandomSource, alpha: ArrayLike<number>, out: Float64Array): Float64Array {
  let total = 0;
  for (let k = 0; k < alpha.length; k++) {
    const g = sampleGamma(source, alpha[k] ?? 0, 1);
    out[k] = g;
    total += g;
  }
  for (let k = 0; k < alpha.length; k++) out[k] = (out[k] ?? 0) / total;
  return out;
}
