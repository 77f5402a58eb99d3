import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { CONTROL_COSTS, OWN_COST_SOURCE, estimateControlCost } from './calibration/control-costs.ts';
import { listCalibrationEntries } from './list-calibration-entries.ts';
import type { RiskInput } from './risk-input.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';

const options = { iterations: 30_000, seed: 3, shapleyPermutations: 2 };
const base: RiskInput = {
  ...createDefaultRiskInput('manufacturing', 120, 30_000_000),
  factors: { M3: 'worst', M5: 'worst', M8: 'partial' },
};
const listed = (input: RiskInput) => {
  const result = assessRisk(input, options);
  return { result, all: [...(result.recommendations ?? []), ...(result.recommendationsNotWorthIt ?? []), ...(result.requiredControls ?? [])] };
};

describe('controlCostOverrides', () => {
  test("without an override a control costs its typical band for the headcount, with the row's source", () => {
    const m3 = listed(base).all.find((r) => r.factorId === 'M3');
    const row = CONTROL_COSTS.find((c) => c.factorId === 'M3');
    expect(m3?.annualCostUsd).toEqual(estimateControlCost(row as NonNullable<typeof row>, 120));
    expect(m3?.costSource).toBe(row?.source);
  });

  test("the organisation's own figure replaces the typical cost in the ranking, the return and the plan", () => {
    const typical = listed(base);
    const own = listed({ ...base, controlCostOverrides: { M3: { annualUsd: 500 } } });
    const m3 = own.all.find((r) => r.factorId === 'M3');
    expect(m3?.annualCostUsd).toEqual({ lowUsd: 500, highUsd: 500, midUsd: 500 });
    expect(m3?.costSource).toBe(OWN_COST_SOURCE);
    // Same draws and answers: the reduction is unchanged, the return follows the new price.
    const before = typical.all.find((r) => r.factorId === 'M3');
    expect(m3?.annualLossReductionUsd).toBe(before?.annualLossReductionUsd);
    expect(m3?.returnOnSecurityInvestment).toBeCloseTo(((m3?.annualLossReductionUsd ?? 0) - 500) / 500, 9);
    expect(own.result.recommendations?.[0]?.factorId).toBe('M3');
    expect(own.result.fixPlan?.steps[0]).toMatchObject({ factorId: 'M3', annualCostUsd: 500 });
    // Other controls keep their typical cost.
    expect(own.all.find((r) => r.factorId === 'M5')?.annualCostUsd).toEqual(typical.all.find((r) => r.factorId === 'M5')?.annualCostUsd);
  });

  test('a very high own figure moves a control out of the plan and into "not worth it"', () => {
    const own = listed({ ...base, controlCostOverrides: { M5: { annualUsd: 1e9 } } });
    expect(own.result.recommendationsNotWorthIt?.map((r) => r.factorId)).toContain('M5');
    expect(own.result.fixPlan?.steps.map((s) => s.factorId)).not.toContain('M5');
  });

  test('invalid overrides are refused with the path of the field', () => {
    expect(() => assessRisk({ ...base, controlCostOverrides: { M3: { annualUsd: 0 } } }, options)).toThrow(
      /controlCostOverrides\.M3\.annualUsd/,
    );
    expect(() => assessRisk({ ...base, controlCostOverrides: { Z9: { annualUsd: 10 } } } as unknown as RiskInput, options)).toThrow(
      /controlCostOverrides\.Z9: unknown factor/,
    );
  });
});

describe('the researched control cost table', () => {
  test('every row cites a public price, survey or statistic, or says why a part is assumed; nothing is left "to be researched"', () => {
    for (const c of CONTROL_COSTS) {
      expect(c.source).not.toMatch(/to be researched/i);
      // A cited figure or list price in the source text, or an explicit assumption with its reason.
      expect(c.source).toMatch(/\$[\d,.]+|free|included/i);
      if (/assumption/i.test(c.source)) {
        expect(c.isAssumption).toBe(true);
        // Every assumption carries its reason in the same clause.
        expect(c.source).toMatch(/assumption[,:] [^;]{20,}/i);
      }
    }
  });

  test("the methodology table lists each control's four cost figures with their source", () => {
    const entries = listCalibrationEntries();
    for (const c of CONTROL_COSTS) {
      const rows = entries.filter((e) => e.key.startsWith(`controlCost.${c.factorId}.`));
      expect(rows.map((e) => e.value)).toEqual([c.fixedLowUsd, c.fixedHighUsd, c.perEmployeeLowUsd, c.perEmployeeHighUsd]);
      for (const e of rows) expect(e).toMatchObject({ source: c.source, isAssumption: c.isAssumption, unit: 'usd' });
    }
  });
});
