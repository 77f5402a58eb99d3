import { describe, expect, test } from 'vitest';
import { computeUnknownRange } from './unknown-range.ts';

const annualLoss = { expectedUsd: 100_000 } as never;

describe('computeUnknownRange', () => {
  test('no unknown answers: no range', () => {
    expect(computeUnknownRange({ annualLoss, unknownFactors: [] })).toBeNull();
  });

  test('adds each unknown answer’s downside and upside to the expected loss, and fewer unknowns give a narrower range', () => {
    const two = [
      { factorId: 'M3', expectedAnnualLossIfBestUsd: 80_000, expectedAnnualLossIfWorstUsd: 130_000 },
      { factorId: 'A1', expectedAnnualLossIfBestUsd: 95_000, expectedAnnualLossIfWorstUsd: 110_000 },
    ] as const;
    expect(computeUnknownRange({ annualLoss, unknownFactors: two })).toEqual({ lowUsd: 75_000, highUsd: 140_000 });
    const one = computeUnknownRange({ annualLoss, unknownFactors: two.slice(1) });
    expect(one).toEqual({ lowUsd: 95_000, highUsd: 110_000 });
  });
});
