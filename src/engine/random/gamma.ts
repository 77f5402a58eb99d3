import type { RandomSource } from './random-source.ts';
import { sampleStandardNormal } from './normal.ts';

/**
 * A Gamma(shape, scale) draw by Marsaglia & Tsang (2000), "A simple method
 * for generating gamma variables". For shape < 1 it uses their boost:
 * Gamma(shape) = Gamma(shape + 1) * U^(1/shape). Mean shape*scale, variance
 * shape*scale^2. No argument checks (hot path): callers validate once.
 */
export function sampleGamma(source: RandomSource, shape: number, scale: number): number {
  if (shape < 1) {
    const boosted = sampleGammaAtLeastOne(source, shape + 1);
    return boosted * Math.exp(Math.log(source.nextFloat64()) / shape) * scale;
  }
  return sampleGammaAtLeastOne(source, shape) * scale;
}

function sampleGammaAtLeastOne(source: RandomSource, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = sampleStandardNormal(source);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = source.nextFloat64();
    const x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2) return d * v;
    if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) return d * v;
  }
}
