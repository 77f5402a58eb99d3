/**
 * The tiny interface every distribution in the engine draws from (after
 * pure-rand's `RandomGenerator`): 32 random bits at a time, or a double.
 */
export interface RandomSource {
  /** Next 32 random bits as an unsigned integer in [0, 2^32). */
  nextUint32(): number;
  /**
   * Next uniform double in the open interval (0, 1), built from 53 random
   * bits (two `nextUint32` calls). Never returns exactly 0 or 1, so `log(u)`
   * and `1 / u` are always finite.
   */
  nextFloat64(): number;
}
