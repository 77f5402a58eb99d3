import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import manufacturerJson from '../../examples/manufacturer-300.json';
import { assessRisk } from './assess-risk.ts';
import { explain } from './explain.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { buildFixPlan, rememberAleByAnswers } from './fix-plan.ts';
import type { FixCandidate, FixPlan } from './fix-plan.ts';
import type { FactorAnswers, RiskInput } from './risk-input.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';
import { validateRiskInput } from './validate-risk-input.ts';

const candidate = (factorId: FactorId, annualCostUsd: number): FixCandidate => ({ factorId, annualCostUsd, required: [] });

/** A toy model: the loss is $100K times the product of each improved factor's multiplier (so savings do not add up). */
function multiplicativeAle(multipliers: Partial<Record<FactorId, number>>): (answers: FactorAnswers) => number {
  return (answers) =>
    Object.entries(multipliers).reduce((ale, [id, m]) => (answers[id as FactorId] === 'best' ? ale * (m as number) : ale), 100_000);
}

/** The plan's own sums: each step's saving is the drop from the previous joint figure, and the cumulative figures add up. */
function expectConsistent(plan: FixPlan): void {
  let previous = plan.expectedLossBeforeUsd;
  let cost = 0;
  for (const step of plan.steps) {
    cost += step.annualCostUsd;
    expect(step.stepSavingUsd).toBeCloseTo(previous - step.expectedLossAfterUsd, 6);
    expect(step.cumulativeSavingUsd).toBeCloseTo(plan.expectedLossBeforeUsd - step.expectedLossAfterUsd, 6);
    expect(step.cumulativeAnnualCostUsd).toBeCloseTo(cost, 6);
    expect(step.stepSavingUsd).toBeGreaterThanOrEqual(step.annualCostUsd);
    previous = step.expectedLossAfterUsd;
  }
  expect(plan.expectedLossAfterUsd).toBe(previous);
  expect(plan.totalSavingUsd).toBeCloseTo(plan.expectedLossBeforeUsd - plan.expectedLossAfterUsd, 6);
  expect(plan.totalAnnualCostUsd).toBeCloseTo(cost, 6);
}

describe('buildFixPlan on a toy model', () => {
  test('each next step is the best saving per dollar given the steps before, and the plan stops when nothing covers its cost', () => {
    // Alone: M3 saves $60K for $10K (6x), M6 saves $50K for $5K (10x), M8 saves $5K for $8K (not worth it).
    const ale = multiplicativeAle({ M3: 0.4, M6: 0.5, M8: 0.95 });
    const plan = buildFixPlan(
      { M3: 'partial', M6: 'worst', M8: 'partial' },
      [candidate('M3', 10_000), candidate('M6', 5_000), candidate('M8', 8_000)],
      ale,
    );
    expect(plan.steps.map((s) => s.factorId)).toEqual(['M6', 'M3']);
    // After M6 the loss is $50K; M3 then saves 60% of it ($30K), not its stand-alone $60K.
    expect(plan.steps[1]?.stepSavingUsd).toBeCloseTo(30_000, 6);
    expect(plan.expectedLossAfterUsd).toBeCloseTo(20_000, 6);
    expect(plan.totalAnnualCostUsd).toBe(15_000);
    expect(plan.paybackMonths).toBeCloseTo((15_000 / 80_000) * 12, 9);
    expectConsistent(plan);
  });

  test('savings that add up to more than the loss one at a time stay below it together', () => {
    const ale = multiplicativeAle({ M3: 0.3, M6: 0.3, M2: 0.3 });
    const answers: FactorAnswers = { M2: 'worst', M3: 'worst', M6: 'worst' };
    const oneAtATimeSum = (['M2', 'M3', 'M6'] as const).reduce((sum, id) => sum + (ale(answers) - ale({ ...answers, [id]: 'best' })), 0);
    expect(oneAtATimeSum).toBeGreaterThan(ale(answers));
    const plan = buildFixPlan(answers, [candidate('M2', 1_000), candidate('M3', 1_000), candidate('M6', 1_000)], ale);
    expect(plan.steps).toHaveLength(3);
    expect(plan.totalSavingUsd).toBeCloseTo(100_000 * (1 - 0.3 ** 3), 6);
    expect(plan.totalSavingUsd).toBeLessThan(plan.expectedLossBeforeUsd);
  });

  test('no control that pays for itself gives an empty plan with no payback', () => {
    const plan = buildFixPlan({ M3: 'partial' }, [candidate('M3', 1_000_000)], multiplicativeAle({ M3: 0.5 }));
    expect(plan.steps).toEqual([]);
    expect(plan.totalSavingUsd).toBe(0);
    expect(plan.paybackMonths).toBeNull();
  });
});

test('rememberAleByAnswers runs the engine once per distinct set of answers, whatever the key order', () => {
  let calls = 0;
  const ale = rememberAleByAnswers((answers) => {
    calls += 1;
    return answers.M3 === 'best' ? 1 : 2;
  });
  expect([ale({ M3: 'best', M5: 'worst' }), ale({ M5: 'worst', M3: 'best' }), ale({ M3: 'partial', M5: 'worst' })]).toEqual([1, 1, 2]);
  expect(calls).toBe(2);
});

const LEVELS: readonly FactorAnswer[] = ['worst', 'partial', 'best', 'unknown'];
const answersArb: fc.Arbitrary<FactorAnswers> = fc
  .tuple(...FACTORS.map((f) => fc.constantFrom<FactorAnswer>(...(f.allowsNotApplicable ? [...LEVELS, 'notApplicable' as const] : LEVELS))))
  .map((levels) => Object.fromEntries(FACTORS.map((f, i) => [f.id, levels[i] as FactorAnswer])) as FactorAnswers);

describe('the fix plan of assessRisk', () => {
  test('property: a joint saving never exceeds the expected loss, and the plan is consistent with the result', () => {
    fc.assert(
      fc.property(answersArb, fc.integer({ min: 10, max: 500 }), fc.integer({ min: 0, max: 1000 }), (factors, employees, seed) => {
        const input: RiskInput = { ...createDefaultRiskInput('healthcare', employees, employees * 150_000), factors };
        const result = assessRisk(input, { iterations: 4_000, seed, shapleyPermutations: 2 });
        const plan = result.fixPlan as FixPlan;
        expect(plan.expectedLossBeforeUsd).toBeCloseTo(result.annualLoss.expectedUsd, 3);
        expect(plan.totalSavingUsd).toBeLessThanOrEqual(plan.expectedLossBeforeUsd);
        expect(plan.expectedLossAfterUsd).toBeGreaterThanOrEqual(0);
        for (const step of plan.steps) expect(step.cumulativeSavingUsd).toBeLessThanOrEqual(plan.expectedLossBeforeUsd);
        expectConsistent(plan);
        // The first step is a recommendation that pays for itself, with the same saving.
        const first = plan.steps[0];
        if (first !== undefined) {
          const rec = result.recommendations?.find((r) => r.factorId === first.factorId);
          expect(rec?.annualLossReductionUsd).toBeCloseTo(first.stepSavingUsd, 6);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  test('without attribution there is no plan', () => {
    expect(assessRisk(createDefaultRiskInput(), { iterations: 2_000, attribution: false }).fixPlan).toBeNull();
  });

  /** One engine run with the given steps applied together, on the same seed and years. */
  function runWithStepsApplied(input: RiskInput, steps: FixPlan['steps'], options: { iterations: number; seed: number }): number {
    const applied = Object.fromEntries(steps.map((s) => [s.factorId, 'best'])) as FactorAnswers;
    return assessRisk({ ...input, factors: { ...input.factors, ...applied } }, { ...options, attribution: false }).annualLoss.expectedUsd;
  }

  test('the manufacturer example: every step of the plan equals one engine run with it and the earlier steps applied together', () => {
    const manufacturer: unknown = manufacturerJson;
    validateRiskInput(manufacturer);
    const options = { iterations: 100_000, seed: 1 };
    const plan = assessRisk(manufacturer, options).fixPlan as FixPlan;
    expect(plan.steps.length).toBeGreaterThan(0);
    plan.steps.forEach((step, i) =>
      expect(step.expectedLossAfterUsd).toBeCloseTo(runWithStepsApplied(manufacturer, plan.steps.slice(0, i + 1), options), 2),
    );
  }, 60_000);

  test('the manufacturer with its own quotes: the top three together save less than the expected loss, what one run with all three gives, and less than their one-at-a-time sum', () => {
    const example: unknown = manufacturerJson;
    validateRiskInput(example);
    // Quotes from its managed service provider, below the typical SME prices: more fixes pay for themselves.
    const manufacturer: RiskInput = {
      ...example,
      controlCostOverrides: { M4: { annualUsd: 12_000 }, M3: { annualUsd: 5_000 }, M2: { annualUsd: 2_000 }, M8: { annualUsd: 1_000 } },
    };
    const options = { iterations: 100_000, seed: 1 };
    const result = assessRisk(manufacturer, options);
    const plan = result.fixPlan as FixPlan;
    const top3 = plan.steps.slice(0, 3);
    expect(top3).toHaveLength(3);
    const third = top3[2] as (typeof top3)[number];
    expect(third.cumulativeSavingUsd).toBeLessThan(result.annualLoss.expectedUsd);

    const together = runWithStepsApplied(manufacturer, top3, options);
    expect(third.expectedLossAfterUsd).toBeCloseTo(together, 2);
    expect(third.cumulativeSavingUsd).toBeCloseTo(result.annualLoss.expectedUsd - together, 2);

    // Adding the three one-at-a-time reductions overstates what they remove together.
    const oneAtATime = top3.reduce(
      (sum, s) => sum + (result.recommendations?.find((r) => r.factorId === s.factorId)?.annualLossReductionUsd ?? Number.NaN),
      0,
    );
    expect(oneAtATime).toBeGreaterThan(third.cumulativeSavingUsd);

    // The written derivation gives the joint figure, and still reads a stored result that has no plan.
    expect(explain(result).text).toContain(`the ${plan.steps.length} fixes that pay for themselves lower the ALE`);
    const { fixPlan: _plan, ...stored } = result;
    expect(() => explain(stored as typeof result)).not.toThrow();
  }, 60_000);
});
