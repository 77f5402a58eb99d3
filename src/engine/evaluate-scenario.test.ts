import { describe, expect, test } from 'vitest';
import { designOfUnknownAnswers, resolveSlotScenarios, UNKNOWN_DESIGN_ROWS } from './evaluate-scenario.ts';
import { FACTORS } from './factors.ts';
import { sampleLossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import { buildModelParameters, createScenarioBuilder } from './model-parameters.ts';
import type { FactorAnswers } from './risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';
import { UNKNOWN_ANSWER_PREVALENCE } from './unknown-answers.ts';

const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);
const draws = sampleLossDraws(params, 11, 20_000, 0, undefined, true);
const A4_INDEX = { best: 0, partial: 1, worst: 2 } as const;
/** The design's builder levels as answers. */
const LEVEL_NAMES = ['worst', 'partial', 'best'] as const;

const LEVELS_BY_RANK = ['worst', 'partial', 'best'] as const;
const RANK = { worst: 0, partial: 1, best: 2 } as const;
/** The clinic's compliance evidence lifts an unknown factor's worse years to its floor (ADR 265). */
function withFloor(level: 'worst' | 'partial' | 'best', factorIndex: number): 'worst' | 'partial' | 'best' {
  return LEVELS_BY_RANK[Math.max(RANK[level], params.unknownAnswerFloor[factorIndex] as number)] as 'worst' | 'partial' | 'best';
}

/** The answers with the first `count` factors unknown (the others as in the clinic sample). */
function withUnknowns(count: number): FactorAnswers {
  const unknown = Object.fromEntries(FACTORS.slice(0, count).map((f) => [f.id, 'unknown']));
  return { ...SAMPLE_CLINIC_INPUT.factors, ...unknown };
}

// The plan keeps one scenario per combination of unknown levels (ADR 258); the levels come from the run's
// design (ADR 268): each year must get exactly the scenario of its design row's levels, built directly.
describe('resolveSlotScenarios with unknown answers', () => {
  test.each([1, 6, 12, 19])('%i unknown: every year has the scenario of its design row', (count) => {
    const answers = withUnknowns(count);
    const plan = resolveSlotScenarios(draws, params, answers);
    const design = designOfUnknownAnswers(draws, params);
    const builder = createScenarioBuilder(params);
    expect(plan.combinations).not.toBeNull();
    // Combinations are indexed by design row; rows with the same levels carry the same scenario.
    const S = LOSS_SCENARIO_COUNT;
    const scenarioOf = (c: number): string =>
      [...(plan.combinations?.frequencyMultiplier.subarray(c * S, (c + 1) * S) ?? []), ...(plan.combinations?.severityMultiplier.subarray(c * S, (c + 1) * S) ?? [])].join(',');
    const combinations = new Set(Array.from(plan.combinations?.ofSlot ?? [], scenarioOf));
    expect(combinations.size).toBeGreaterThan(1);
    expect(combinations.size).toBeLessThanOrEqual(Math.min(3 ** count, UNKNOWN_DESIGN_ROWS));
    const yearOfSlot = new Int32Array(draws.slotCount);
    for (let e = 0; e < draws.eventCount; e++) yearOfSlot[draws.eventSlot[e] as number] = draws.eventYear[e] as number;
    for (let s = 0; s < draws.slotCount; s += 7) {
      const row = (yearOfSlot[s] as number) % UNKNOWN_DESIGN_ROWS;
      expect(design.rowOfSlot[s]).toBe(row);
      const levels = Object.fromEntries(
        FACTORS.slice(0, count).map((f, i) => [
          f.id,
          withFloor(LEVEL_NAMES[(design.levelsByFactor[i] as Int8Array)[row] as number] as 'worst' | 'partial' | 'best', i),
        ]),
      );
      const direct = builder.build(builder.toLevels({ ...answers, ...levels }));
      const c = plan.combinations?.ofSlot[s] as number;
      for (let k = 0; k < LOSS_SCENARIO_COUNT; k++) {
        expect(plan.combinations?.frequencyMultiplier[c * LOSS_SCENARIO_COUNT + k]).toBe(direct.frequencyByLossScenario[k]);
        expect(plan.combinations?.severityMultiplier[c * LOSS_SCENARIO_COUNT + k]).toBe(direct.severityByLossScenario[k]);
      }
      expect(plan.combinations?.a4Index[c]).toBe(A4_INDEX[direct.a4Level]);
    }
  });

  test('each factor of the design sits at "best" in exactly its prevalence share of the rows, and the columns are not copies of each other', () => {
    const design = designOfUnknownAnswers(draws, params);
    expect(design.rows).toBe(UNKNOWN_DESIGN_ROWS);
    FACTORS.forEach((f, i) => {
      const column = design.levelsByFactor[i] as Int8Array;
      const best = column.filter((level) => level === 2).length;
      expect(best).toBe(Math.round(UNKNOWN_ANSWER_PREVALENCE[f.id].best * UNKNOWN_DESIGN_ROWS));
      expect(column.filter((level) => level === 0).length).toBe(Math.round(UNKNOWN_ANSWER_PREVALENCE[f.id].worst * UNKNOWN_DESIGN_ROWS));
    });
    const distinctColumns = new Set(design.levelsByFactor.map((column) => column.join('')));
    expect(distinctColumns.size).toBe(FACTORS.length);
  });

  test('the clinic sample\'s certificates give some factors a floor of "partial" and none of "best"', () => {
    const floors = Array.from(params.unknownAnswerFloor);
    expect(floors.filter((x) => x === 1).length).toBeGreaterThan(0);
    expect(floors.every((x) => x <= 1)).toBe(true);
  });

  test('answers without unknowns give one scenario for every year', () => {
    const plan = resolveSlotScenarios(draws, params, SAMPLE_CLINIC_INPUT.factors);
    expect(plan.combinations).toBeNull();
  });
});
