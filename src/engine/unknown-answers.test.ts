import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { getFactor } from './factors.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';
import { blendUnknownMultiplier } from './unknown-answers.ts';

const FAST = { seed: 7, iterations: 20_000, attribution: false } as const;

describe("'unknown' answers (stand-in for #11)", () => {
  test('an unknown answer is the weighted mix of the level multipliers', () => {
    const m = getFactor('M3').frequencyMultiplier;
    const blended = blendUnknownMultiplier(m);
    expect(blended).toBeGreaterThan(m.best);
    expect(blended).toBeLessThan(m.worst);
  });

  test('unknownFactors lists each unknown answer with the ALE at best below the ALE at worst', () => {
    const input = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'unknown', M6: 'unknown', A1: 'unknown' } } as const;
    const result = assessRisk(input, FAST);
    expect(result.unknownFactors.map((u) => u.factorId)).toEqual(['M3', 'M6', 'A1']);
    for (const u of result.unknownFactors) {
      expect(u.expectedAnnualLossIfBestUsd).toBeLessThan(result.annualLoss.expectedUsd);
      expect(u.expectedAnnualLossIfWorstUsd).toBeGreaterThan(result.annualLoss.expectedUsd);
    }
    const known = assessRisk(SAMPLE_CLINIC_INPUT, FAST);
    expect(known.unknownFactors).toEqual([]);
  });
});
