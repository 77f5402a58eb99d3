/** |p - 0.5| <= 0.425: a rational function of q = p - 0.5. */
function centralQuantile(q: number): number {
  const r = 0.180625 - q * q;
  return (
    (q *
      (((((((r * 2509.0809287301227 + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) * r + 13731.69376550946) * r +
        1971.5909503065513) *
        r +
        133.14166789178438) *
        r +
        3.3871328727963665)) /
    (((((((r * 5226.495278852546 + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) * r + 5394.196021424751) * r +
      687.1870074920579) *
      r +
      42.31333070160091) *
      r +
      1)
  );
}

/** Tails with t = sqrt(-ln(min(p, 1 - p))) <= 5. */
function nearTailQuantile(t: number): number {
  const r = t - 1.6;
  return (
    (((((((r * 0.0007745450142783414 + 0.022723844989269184) * r + 0.2417807251774506) * r + 1.2704582524523684) * r + 3.6478483247632045) *
      r +
      5.769497221460691) *
      r +
      4.630337846156546) *
      r +
      1.4234371107496835) /
    (((((((r * 1.0507500716444169e-9 + 0.0005475938084995345) * r + 0.015198666563616457) * r + 0.14810397642748008) * r +
      0.6897673349851) *
      r +
      1.6763848301838038) *
      r +
      2.053191626637759) *
      r +
      1)
  );
}

/** Far tails, t > 5. */
function farTailQuantile(t: number): number {
  const r = t - 5;
  return (
    (((((((r * 2.0103343992922881e-7 + 2.7115555687434876e-5) * r + 0.0012426609473880784) * r + 0.026532189526576124) * r +
      0.29656057182850487) *
      r +
      1.7848265399172913) *
      r +
      5.463784911164114) *
      r +
      6.657904643501103) /
    (((((((r * 2.0442631033899397e-15 + 1.421511758316446e-7) * r + 1.8463183175100548e-5) * r + 0.0007868691311456133) * r +
      0.014875361290850615) *
      r +
      0.1369298809227358) *
      r +
      0.599832206555888) *
      r +
      1)
  );
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
  const t = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value = t <= 5 ? nearTailQuantile(t) : farTailQuantile(t);
  return q < 0 ? -value : value;
}
