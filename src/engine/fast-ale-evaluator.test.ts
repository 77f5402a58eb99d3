import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { computeExpectedAnnualLoss, computeExpectedAnnualLosses, constantPlan } from './evaluate-scenario.ts';
import { createAleEvaluator } from './fast-ale-evaluator.ts';
import { FACTORS } from './factors.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import type { FactorAnswer } from './factors.ts';
import { sampleLossDraws } from './loss-draws.ts';
import { buildModelParameters, computeScenario, createScenarioBuilder } from './model-parameters.ts';
import type { FactorAnswers } from './risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

describe('createAleEvaluator', () => {
  const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);
  // A small revenue makes the 1.5 x revenue cap bind often, which exercises the binary search.
  const smallParams = { ...params, capPerEventUsd: 400_000 };
  const draws = sampleLossDraws(params, 17, 30_000);
  const fast = createAleEvaluator(draws, params);
  const fastSmallCap = createAleEvaluator(draws, smallParams);
  const answersArb = fc
    .tuple(
      ...FACTORS.map((f) =>
        fc.constantFrom<FactorAnswer>('worst', 'partial', 'best', ...(f.allowsNotApplicable ? (['notApplicable'] as const) : [])),
      ),
    )
    .map((values) => Object.fromEntries(FACTORS.map((f, i) => [f.id, values[i]])) as FactorAnswers);

  test('equals the full pass for any answers (relative difference < 1e-9), with and without a binding cap', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const scenario = computeScenario(answers, params);
        const exact = computeExpectedAnnualLoss(draws, params, constantPlan(scenario));
        expect(Math.abs(fast(scenario) - exact)).toBeLessThanOrEqual(1e-9 * exact);
        const exactSmall = computeExpectedAnnualLoss(draws, smallParams, constantPlan(scenario));
        expect(Math.abs(fastSmallCap(scenario) - exactSmall)).toBeLessThanOrEqual(1e-9 * exactSmall);
      }),
      { numRuns: 50 },
    );
  });

  test('the multi-scenario pass equals one pass per scenario', () => {
    fc.assert(
      fc.property(fc.array(answersArb, { minLength: 1, maxLength: 4 }), (list) => {
        const scenarios = list.map((a) => computeScenario(a, params));
        expect(computeExpectedAnnualLosses(draws, params, scenarios)).toEqual(
          scenarios.map((s) => computeExpectedAnnualLoss(draws, params, constantPlan(s))),
        );
      }),
      { numRuns: 20 },
    );
  });

  // The what-ifs over unknown levels sum the factors they set once and add each group's levels (ADR 309).
  test('the builder from partial log sums equals buildInto (relative difference < 1e-12), whichever factors are added later', () => {
    const builder = createScenarioBuilder(params);
    const [f1, m1, f2, m2] = [0, 1, 2, 3].map(() => new Float64Array(LOSS_SCENARIO_COUNT));
    const sums = new Float64Array(2 * LOSS_SCENARIO_COUNT);
    fc.assert(
      fc.property(answersArb, fc.array(fc.boolean(), { minLength: FACTORS.length, maxLength: FACTORS.length }), (answers, later) => {
        const levels = builder.toLevels(answers);
        const skip = Uint8Array.from(later, (b) => (b ? 1 : 0));
        builder.sumLogsInto(levels, skip, sums);
        FACTORS.forEach((_, i) => {
          if (later[i] === true) builder.addLogsInto(i, levels[i] as number, sums);
        });
        builder.finishInto(sums, f1 as Float64Array, m1 as Float64Array);
        builder.buildInto(levels, f2 as Float64Array, m2 as Float64Array, 0);
        for (let s = 0; s < LOSS_SCENARIO_COUNT; s++) {
          expect(Math.abs((f1?.[s] as number) - (f2?.[s] as number))).toBeLessThanOrEqual(1e-12 * (f2?.[s] as number));
          expect(Math.abs((m1?.[s] as number) - (m2?.[s] as number))).toBeLessThanOrEqual(1e-12 * (m2?.[s] as number));
        }
      }),
      { numRuns: 50 },
    );
  });

  test('the scenario builder gives bit-identical scenarios to computeScenario', () => {
    const builder = createScenarioBuilder(params);
    fc.assert(
      fc.property(answersArb, (answers) => {
        expect(builder.build(builder.toLevels(answers))).toEqual(computeScenario(answers, params));
      }),
      { numRuns: 50 },
    );
  });
});
