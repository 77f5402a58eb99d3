import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { computeExpectedAnnualLoss, constantPlan, groupYearsByUnknownLevels } from './evaluate-scenario.ts';
import { FACTORS } from './factors.ts';
import { createGroupedAleEvaluator } from './grouped-ale-evaluator.ts';
import { sampleLossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import { buildModelParameters, computeScenario } from './model-parameters.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

const S = LOSS_SCENARIO_COUNT;
const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);
// A small cap binds often, which exercises the events that can reach it.
const smallCap = { ...params, capPerEventUsd: 400_000 };
const draws = sampleLossDraws(params, 23, 30_000, 0, undefined, true);
const { groupOfSlot, levelsOfGroup } = groupYearsByUnknownLevels(
  draws,
  params,
  FACTORS.map((_, i) => i),
);
const groups = levelsOfGroup.length;
/** The builder's level index (0 worst, 1 partial, 2 best, 3 not applicable) of A4, by the A4 level of a scenario. */
const BUILDER_A4 = { worst: 0, partial: 1, best: 2 } as const;
const A4_INDEX = { best: 0, partial: 1, worst: 2 } as const;

/**
 * The exact pass over one group's years: a plan where the group's years have the what-if's multipliers
 * and every other year frequency 0 (no incident happens), so the per-event loop counts that group only.
 */
function exactOfGroup(
  p: typeof params,
  group: number,
  frequency: Float64Array,
  severity: Float64Array,
  a4: 'best' | 'partial' | 'worst',
): number {
  const frequencyMultiplier = new Float64Array(groups * S);
  const severityMultiplier = new Float64Array(groups * S).fill(1);
  frequencyMultiplier.set(frequency, group * S);
  severityMultiplier.set(severity, group * S);
  const a4Index = new Int8Array(groups).fill(A4_INDEX[a4]);
  const constant = computeScenario({}, p);
  return computeExpectedAnnualLoss(draws, p, {
    constant,
    combinations: { ofSlot: groupOfSlot, frequencyMultiplier, severityMultiplier, a4Index },
  });
}

const whatIf = fc.record({
  group: fc.integer({ min: 0, max: groups - 1 }),
  frequency: fc.array(fc.double({ min: 0, max: params.maxFrequencyMultiplier, noNaN: true }), { minLength: S, maxLength: S }),
  severity: fc.array(fc.double({ min: params.severityMultiplierMin, max: params.severityMultiplierMax, noNaN: true }), {
    minLength: S,
    maxLength: S,
  }),
  a4: fc.constantFrom('best' as const, 'partial' as const, 'worst' as const),
});

// The what-if evaluator of runs with "I don't know" answers (ADR 309) must give each group of years
// exactly what a full pass over that group's events gives, at any multipliers.
describe('createGroupedAleEvaluator', () => {
  const evaluators = [
    { name: 'the clinic', p: params, grouped: createGroupedAleEvaluator(draws, params, groupOfSlot, groups) },
    { name: 'a cap that binds often', p: smallCap, grouped: createGroupedAleEvaluator(draws, smallCap, groupOfSlot, groups) },
  ];

  test.each(evaluators)('$name: each group equals the exact pass over its years (relative difference < 1e-9)', ({ p, grouped }) => {
    expect(grouped.groups).toBe(groups);
    fc.assert(
      fc.property(whatIf, ({ group, frequency, severity, a4 }) => {
        const f = Float64Array.from(frequency);
        const m = Float64Array.from(severity);
        const exact = exactOfGroup(p, group, f, m, a4);
        expect(Math.abs(grouped.ofGroup(group, f, m, BUILDER_A4[a4]) - exact)).toBeLessThanOrEqual(1e-9 * exact);
      }),
      { numRuns: 60 },
    );
  });

  test.each(evaluators)('$name: an incident whose threshold equals F happens, as in the full pass', ({ p, grouped }) => {
    const m = new Float64Array(S).fill(1.3);
    for (let e = 0; e < 40; e++) {
      const group = groupOfSlot[draws.eventSlot[e] as number] as number;
      const f = new Float64Array(S).fill(draws.frequencyThreshold[e] as number);
      const exact = exactOfGroup(p, group, f, m, 'worst');
      expect(Math.abs(grouped.ofGroup(group, f, m, BUILDER_A4.worst) - exact)).toBeLessThanOrEqual(1e-9 * exact);
    }
  });

  test('the groups add up to the whole run, and the split by loss scenario to the total', () => {
    const scenario = computeScenario(SAMPLE_CLINIC_INPUT.factors, smallCap);
    const grouped = evaluators[1]?.grouped;
    if (grouped === undefined) throw new Error('no evaluator');
    const byLossScenario = new Float64Array(S);
    let total = 0;
    for (let g = 0; g < groups; g++) {
      total += grouped.ofGroup(
        g,
        scenario.frequencyByLossScenario,
        scenario.severityByLossScenario,
        BUILDER_A4[scenario.a4Level],
        byLossScenario,
      );
    }
    const exact = computeExpectedAnnualLoss(draws, smallCap, constantPlan(scenario));
    expect(Math.abs(total - exact)).toBeLessThanOrEqual(1e-9 * exact);
    expect(Math.abs(byLossScenario.reduce((a, b) => a + b, 0) - total)).toBeLessThanOrEqual(1e-9 * total);
  });
});
