import type { RandomSource } from './random-source.ts';

const TWO_POW_26 = 67_108_864;
const TWO_POW_53 = 9_007_199_254_740_992;
const MAX_SEED = 0xffff_ffff;

/** 2^64-step jump polynomial of xoshiro128 (Blackman & Vigna, reference C code). */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b] as const;
/** 2^96-step long-jump polynomial (reference `long_jump()`). */
const LONG_JUMP = [0xb523952e, 0x0b6f099f, 0xccf5a0ef, 0x1c580662] as const;

/**
 * xoshiro128** (Blackman & Vigna 2018): 128-bit state, 32-bit output, period
 * 2^128 - 1. Chosen over pure-rand's generators because it has a published
 * 2^64 `jump()`, which gives independent, non-overlapping streams per block
 * of simulated years (see docs/decisions/011-risk-engine-prng.md).
 */
export class Xoshiro128 implements RandomSource {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(s0: number, s1: number, s2: number, s3: number) {
    if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('state: xoshiro128 state must not be all zero');
    this.s0 = s0 | 0;
    this.s1 = s1 | 0;
    this.s2 = s2 | 0;
    this.s3 = s3 | 0;
  }

  /** Next 32 bits as an unsigned integer. */
  nextUint32(): number {
    const s1 = this.s1;
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /** Uniform double in (0, 1) from 53 bits. */
  nextFloat64(): number {
    const hi = this.nextUint32() >>> 5;
    const lo = this.nextUint32() >>> 6;
    return (hi * TWO_POW_26 + lo + 0.5) / TWO_POW_53;
  }

  /** Advances the state by 2^64 steps, in place (reference `jump()`). */
  jump(): void {
    this.applyJump(JUMP);
  }

  /** Advances the state by 2^96 steps, in place (reference `long_jump()`): a second family of streams. */
  longJump(): void {
    this.applyJump(LONG_JUMP);
  }

  private applyJump(polynomial: readonly number[]): void {
    let t0 = 0;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    for (const word of polynomial) {
      for (let b = 0; b < 32; b++) {
        if ((word >>> b) & 1) {
          t0 ^= this.s0;
          t1 ^= this.s1;
          t2 ^= this.s2;
          t3 ^= this.s3;
        }
        this.nextUint32();
      }
    }
    this.s0 = t0;
    this.s1 = t1;
    this.s2 = t2;
    this.s3 = t3;
  }

  /** An independent copy with the same state. */
  clone(): Xoshiro128 {
    return new Xoshiro128(this.s0, this.s1, this.s2, this.s3);
  }

  /** The state as four unsigned 32-bit words (for tests and debugging). */
  getState(): readonly [number, number, number, number] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
  }
}

/** Throws a RangeError unless `seed` is an integer in [0, 2^32 - 1]. */
export function requireSeed(seed: number, name = 'seed'): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`${name}: must be an integer between 0 and ${MAX_SEED}, got ${String(seed)}`);
  }
  return seed;
}

/**
 * Creates a xoshiro128** generator from a 32-bit integer seed. The state is
 * filled with two SplitMix64 outputs (the seeding recommended by the
 * xoshiro authors), so nearby seeds give unrelated streams.
 */
export function createXoshiro128(seed: number): Xoshiro128 {
  requireSeed(seed);
  const mask = (1n << 64n) - 1n;
  let sm = BigInt(seed);
  const splitMix64 = (): bigint => {
    sm = (sm + 0x9e3779b97f4a7c15n) & mask;
    let z = sm;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    return z ^ (z >> 31n);
  };
  const a = splitMix64();
  const b = splitMix64();
  const low = (x: bigint): number => Number(x & 0xffff_ffffn);
  const high = (x: bigint): number => Number(x >> 32n);
  return new Xoshiro128(low(a), high(a), low(b), high(b));
}

/**
 * The generator for block `blockIndex` of a seeded run: the seeded state
 * jumped `blockIndex` times. Blocks never overlap (each is 2^64 draws long),
 * so a run split across chunks or workers draws exactly the same numbers.
 */
export function createBlockStream(seed: number, blockIndex: number): Xoshiro128 {
  const rng = createXoshiro128(seed);
  for (let i = 0; i < blockIndex; i++) rng.jump();
  return rng;
}
