import type { RandomSource } from './random-source.ts';

/**
 * Standard normal draws by the ziggurat method (Marsaglia & Tsang 2000,
 * 256 layers, with Doornik's 2005 fix of drawing the layer index and the
 * value from separate bits). About 99% of draws take the fast path of two
 * 32-bit outputs, a table lookup and a multiply: several times faster than
 * inversion, which matters in the event loops. Stateless per call.
 */

const LAYERS = 256;
const R = 3.6541528853610088;
const V = 0.00492867323399;
const TWO_POW_29 = 536_870_912;
const TWO_POW_53 = 9_007_199_254_740_992;

/** x[i]: right edges of the layers (x[0] is the base strip's equivalent width, x[256] = 0). */
const X = new Float64Array(LAYERS + 1);
/** f[i] = exp(-x[i]^2 / 2). */
const F = new Float64Array(LAYERS + 1);

const pdf = (x: number): number => Math.exp(-0.5 * x * x);
X[0] = V / pdf(R);
X[1] = R;
for (let i = 1; i < LAYERS - 1; i++) {
  const xi = X[i] as number;
  X[i + 1] = Math.sqrt(-2 * Math.log(pdf(xi) + V / xi));
}
X[LAYERS] = 0;
for (let i = 0; i <= LAYERS; i++) F[i] = pdf(X[i] as number);
F[0] = 0;

/** A standard normal draw (ziggurat). */
export function sampleStandardNormalZiggurat(source: RandomSource): number {
  for (;;) {
    const a = source.nextUint32();
    const b = source.nextUint32();
    const i = a & 0xff;
    // 53-bit uniform in (0, 1) from the other 24 bits of a and 29 bits of b, mapped to (-1, 1).
    const u = (2 * ((a >>> 8) * TWO_POW_29 + (b >>> 3) + 0.5)) / TWO_POW_53 - 1;
    const x = u * (X[i] as number);
    if (Math.abs(x) < (X[i + 1] as number)) return x;
    if (i === 0) {
      // Tail beyond R (Marsaglia 1964).
      let tx: number;
      let ty: number;
      do {
        tx = Math.log(source.nextFloat64()) / R;
        ty = Math.log(source.nextFloat64());
      } while (-2 * ty < tx * tx);
      return u < 0 ? tx - R : R - tx;
    }
    const fi = F[i] as number;
    const fi1 = F[i + 1] as number;
    if (fi1 + (fi - fi1) * source.nextFloat64() < pdf(x)) return x;
  }
}
