import { describe, expect, test } from 'vitest';
import { computeUnknownRange, groupUnknowns } from './unknown-range.ts';

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

describe('groupUnknowns', () => {
  // 'watching' feeds M6, M7, M9 and A2; 'phoneCode' feeds M3 alone (business-questions.ts).
  const unknownFactors = [
    { factorId: 'M6', expectedAnnualLossIfBestUsd: 90_000, expectedAnnualLossIfWorstUsd: 120_000 },
    { factorId: 'M7', expectedAnnualLossIfBestUsd: 95_000, expectedAnnualLossIfWorstUsd: 105_000 },
    { factorId: 'M9', expectedAnnualLossIfBestUsd: 98_000, expectedAnnualLossIfWorstUsd: 101_000 },
    { factorId: 'A2', expectedAnnualLossIfBestUsd: 99_000, expectedAnnualLossIfWorstUsd: 102_000 },
    { factorId: 'M3', expectedAnnualLossIfBestUsd: 80_000, expectedAnnualLossIfWorstUsd: 110_000 },
  ] as const;

  test('on the business path one plain question is one unknown answer, however many factors it feeds, with their effects added', () => {
    const groups = groupUnknowns('business', { annualLoss, unknownFactors });
    expect(groups.map((g) => g.factorIds)).toEqual([['M6', 'M7', 'M9', 'A2'], ['M3']]);
    expect(groups[0]).toMatchObject({ key: 'watching', ifBestUsd: 82_000, ifWorstUsd: 128_000 });
    expect(groups[0]?.question).toMatch(/\?$/);
    expect(groups[1]).toMatchObject({ key: 'phoneCode', ifBestUsd: 80_000, ifWorstUsd: 110_000 });
  });

  test('on the security-lead paths each factor is its own answer, largest swing first', () => {
    const groups = groupUnknowns('commercial', { annualLoss, unknownFactors });
    expect(groups.map((g) => g.key)).toEqual(['M6', 'M3', 'M7', 'M9', 'A2']);
    expect(groups.every((g) => g.question === null)).toBe(true);
  });
});
