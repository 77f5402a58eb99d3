/**
 * A polynomial in r by Horner's rule, highest coefficient first: `((c0 * r + c1) * r + c2) ...`, the
 * same operations in the same order as writing it out, so the figures are bit for bit AS241's.
 */
function horner(coefficients: readonly number[], r: number): number {
  return coefficients.reduce((value, coefficient) => value * r + coefficient);
}

/** AS241's coefficients: each region is a ratio of two polynomials of degree 7. */
const CENTRAL = {
  numerator: [
    2509.0809287301227, 33430.57558358813, 67265.7709270087, 45921.95393154987, 13731.69376550946, 1971.5909503065513, 133.14166789178438,
    3.3871328727963665,
  ],
  denominator: [
    5226.495278852546, 28729.085735721943, 39307.89580009271, 21213.794301586597, 5394.196021424751, 687.1870074920579, 42.31333070160091,
    1,
  ],
};
const NEAR_TAIL = {
  numerator: [
    0.0007745450142783414, 0.022723844989269184, 0.2417807251774506, 1.2704582524523684, 3.6478483247632045, 5.769497221460691,
    4.630337846156546, 1.4234371107496835,
  ],
  denominator: [
    1.0507500716444169e-9, 0.0005475938084995345, 0.015198666563616457, 0.14810397642748008, 0.6897673349851, 1.6763848301838038,
    2.053191626637759, 1,
  ],
};
const FAR_TAIL = {
  numerator: [
    2.0103343992922881e-7, 2.7115555687434876e-5, 0.0012426609473880784, 0.026532189526576124, 0.29656057182850487, 1.7848265399172913,
    5.463784911164114, 6.657904643501103,
  ],
  denominator: [
    2.0442631033899397e-15, 1.421511758316446e-7, 1.8463183175100548e-5, 0.0007868691311456133, 0.014875361290850615, 0.1369298809227358,
    0.599832206555888, 1,
  ],
};

function ratio(region: { numerator: readonly number[]; denominator: readonly number[] }, r: number): number {
  return horner(region.numerator, r) / horner(region.denominator, r);
}

/** |p - 0.5| <= 0.425: a rational function of r = 0.180625 - q², times q. */
function centralQuantile(q: number): number {
  const r = 0.180625 - q * q;
  return (q * horner(CENTRAL.numerator, r)) / horner(CENTRAL.denominator, r);
}

/**
 * Inverse of the standard normal CDF, Wichura's algorithm AS241 (PPND16),
 * relative accuracy about 1e-16 on (0, 1). Returns -Infinity / Infinity at
 * 0 / 1 and NaN outside [0, 1].
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) return centralQuantile(q);
  // Tails with t = sqrt(-ln(min(p, 1 - p))): near up to 5, far beyond.
  const t = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value = t <= 5 ? ratio(NEAR_TAIL, t - 1.6) : ratio(FAR_TAIL, t - 5);
  return q < 0 ? -value : value;
}
