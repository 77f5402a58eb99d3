import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { computePostureFigures } from './compute-posture-figures.ts';
import { figuresOfResult, withAnswers } from './posture-figures.ts';
import { createUniformAnswers, REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

const SETTINGS = { seed: 1, iterations: 100_000 };

describe('posture figures: one engine behind the heat map, the peer reference and the score bands (ADR 215)', () => {
  const clinic = assessRisk(SAMPLE_CLINIC_INPUT, { ...SETTINGS, attribution: false });

  test("a result's own figures are its headline's: annual chance, median cost of one event, expected annual loss", () => {
    expect(figuresOfResult(clinic)).toEqual({
      probabilityOfAnyEventPerYear: clinic.probabilityOfAnyEvent,
      medianCostPerEventUsd: clinic.costIfItHappens.percentilesUsd.p50,
      expectedAnnualLossUsd: clinic.annualLoss.expectedUsd,
    });
  });

  test('the current answers run as a posture give the result itself', () => {
    expect(computePostureFigures(withAnswers(SAMPLE_CLINIC_INPUT, SAMPLE_CLINIC_INPUT.factors), SETTINGS)).toEqual(figuresOfResult(clinic));
  });

  test.each([
    ['best', 'allBestAleUsd'],
    ['partial', 'averageAleUsd'],
    ['worst', 'allWorstAleUsd'],
  ] as const)(
    'every answer %s: the engine run on the same years, whose expected loss is the score anchor %s to the dollar',
    (answer, anchor) => {
      const input = withAnswers(SAMPLE_CLINIC_INPUT, createUniformAnswers(answer));
      const figures = computePostureFigures(input, SETTINGS);
      const direct = assessRisk(input, { ...SETTINGS, attribution: false });
      expect(figures).toEqual(figuresOfResult(direct));
      expect(Math.round(figures.expectedAnnualLossUsd)).toBe(Math.round(clinic.riskScore[anchor]));
    },
  );

  test('the comparison postures differ from the current answers the right way (not a copy of the result)', () => {
    const worst = computePostureFigures(withAnswers(SAMPLE_CLINIC_INPUT, createUniformAnswers('worst')), SETTINGS);
    const best = computePostureFigures(withAnswers(SAMPLE_CLINIC_INPUT, createUniformAnswers('best')), SETTINGS);
    const current = figuresOfResult(clinic);
    for (const key of ['probabilityOfAnyEventPerYear', 'medianCostPerEventUsd', 'expectedAnnualLossUsd'] as const) {
      expect(worst[key]).toBeGreaterThan(current[key]);
      expect(best[key]).toBeLessThan(current[key]);
    }
  });

  test('a reference profile is a full engine run with its own answers completed as in any assessment', () => {
    const profile = REFERENCE_PROFILES[0];
    expect(computePostureFigures(profile.input, SETTINGS)).toEqual(
      figuresOfResult(assessRisk(profile.input, { ...SETTINGS, attribution: false })),
    );
  });

  test('insurance and control costs are left out: they never move these figures', () => {
    const posture = withAnswers(SAMPLE_CLINIC_INPUT, SAMPLE_CLINIC_INPUT.factors);
    expect(posture).not.toHaveProperty('insurance');
    expect(posture.organisation).toBe(SAMPLE_CLINIC_INPUT.organisation);
    expect(computePostureFigures(posture, SETTINGS)).toEqual(
      computePostureFigures({ ...posture, insurance: { limitUsd: 1_000_000, retentionUsd: 10_000 } }, SETTINGS),
    );
  });
});
