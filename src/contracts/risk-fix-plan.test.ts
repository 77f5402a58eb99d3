import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '../engine/assess-risk.ts';
import type { RiskInput } from '../engine/risk-input.ts';
import { RiskInputSchema, StoredRiskResultSchema } from './risk.ts';

const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as RiskInput;

describe('the fix plan, required reasons and own control costs at the edge', () => {
  test("an input may carry the organisation's own control costs: positive, per known factor", () => {
    expect(RiskInputSchema.safeParse({ ...clinic, controlCostOverrides: { M3: { annualUsd: 4_000 } } }).success).toBe(true);
    const zero = RiskInputSchema.safeParse({ ...clinic, controlCostOverrides: { M3: { annualUsd: 0 } } });
    expect(zero.error?.issues[0]?.path).toEqual(['controlCostOverrides', 'M3', 'annualUsd']);
    expect(RiskInputSchema.safeParse({ ...clinic, controlCostOverrides: { Z9: { annualUsd: 10 } } }).success).toBe(false);
  });

  test('a current result keeps its plan and required reasons through the stored schema', () => {
    const result = JSON.parse(JSON.stringify(assessRisk(clinic, { iterations: 20_000, seed: 3 }))) as unknown;
    const parsed = StoredRiskResultSchema.parse(result);
    expect(parsed.fixPlan).toEqual((result as { fixPlan: unknown }).fixPlan);
    // Required controls have their own list (ADR 312), kept by the stored schema.
    const mfa = parsed.requiredControls?.find((r) => r.factorId === 'M3');
    expect(mfa?.required?.map((r) => r.framework ?? r.source)).toEqual(expect.arrayContaining(['hipaa', 'insurance']));
    expect(parsed.recommendationsNotWorthIt?.map((r) => r.factorId)).not.toContain('M3');
  });

  test('a result stored before the plan existed still parses, without one', () => {
    const { fixPlan: _plan, ...older } = JSON.parse(JSON.stringify(assessRisk(clinic, { iterations: 20_000, seed: 3 }))) as Record<
      string,
      unknown
    >;
    const stripRequired = (list: unknown) => (list as Record<string, unknown>[]).map(({ required: _required, ...r }) => r);
    const parsed = StoredRiskResultSchema.parse({
      ...older,
      recommendations: stripRequired(older['recommendations']),
      recommendationsNotWorthIt: stripRequired(older['recommendationsNotWorthIt']),
    });
    expect(parsed.fixPlan).toBeUndefined();
    expect(parsed.recommendations?.[0]?.required).toBeUndefined();
  });
});
