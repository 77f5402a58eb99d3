import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Xoshiro128, createBlockStream, createXoshiro128 } from './xoshiro128.ts';

// Expected values computed with the authors' reference C code (xoshiro128starstar.c,
// seeded with splitmix64.c), compiled with gcc; see docs/decisions/011-risk-engine-prng.md.
describe('xoshiro128**', () => {
  test('matches the reference C output for state [1, 2, 3, 4]', () => {
    const rng = new Xoshiro128(1, 2, 3, 4);
    const out = Array.from({ length: 8 }, () => rng.nextUint32());
    expect(out).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849]);
  });

  test('seeds through SplitMix64 like the reference code (seed 42)', () => {
    const rng = createXoshiro128(42);
    expect(rng.getState()).toEqual([803958421, 3184996902, 2993090819, 686809907]);
    const out = Array.from({ length: 8 }, () => rng.nextUint32());
    expect(out).toEqual([
      1776835114, 4165204688, 17111135, 2317295270, 2792088233, 2554630222, 2940343271, 2244566231,
    ]);
  });

  test('jump() matches the reference C jump after 8 draws (seed 42)', () => {
    const rng = createXoshiro128(42);
    for (let i = 0; i < 8; i++) rng.nextUint32();
    rng.jump();
    const out = Array.from({ length: 8 }, () => rng.nextUint32());
    expect(out).toEqual([1291960882, 893356717, 68163288, 2865348342, 1659281667, 3070552809, 511329165, 509936414]);
  });

  test('longJump() matches the reference C long_jump() for state [1, 2, 3, 4]', () => {
    const rng = new Xoshiro128(1, 2, 3, 4);
    rng.longJump();
    const out = Array.from({ length: 6 }, () => rng.nextUint32());
    expect(out).toEqual([4148901660, 60341234, 3638978148, 2927796021, 456361429, 1917767038]);
  });

  test('block streams are the seeded stream jumped blockIndex times', () => {
    const a = createBlockStream(7, 3);
    const b = createXoshiro128(7);
    b.jump();
    b.jump();
    b.jump();
    expect(a.getState()).toEqual(b.getState());
  });

  test('nextFloat64 stays in the open interval (0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        const rng = createXoshiro128(seed);
        for (let i = 0; i < 200; i++) {
          const u = rng.nextFloat64();
          if (!(u > 0 && u < 1)) return false;
        }
        return true;
      }),
      { numRuns: 50 },
    );
  });

  test('clone() continues the same sequence independently', () => {
    const a = createXoshiro128(123);
    a.nextUint32();
    const b = a.clone();
    expect([a.nextUint32(), a.nextUint32()]).toEqual([b.nextUint32(), b.nextUint32()]);
  });

  test('rejects seeds that are not 32-bit unsigned integers with a RangeError naming seed', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.constant(2 ** 32), fc.constant(Number.NaN)),
        (seed) => {
          expect(() => createXoshiro128(seed)).toThrow(RangeError);
          expect(() => createXoshiro128(seed)).toThrow(/seed/);
        },
      ),
      { numRuns: 30 },
    );
  });
});
