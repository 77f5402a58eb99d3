import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { RiskInput } from '../engine/risk-input.ts';
import type { SimulateAnnualLossInput } from '../engine/simulate-annual-loss.ts';
import { SAMPLE_CLINIC_INPUT } from '../engine/sample-inputs.ts';
import { RiskInputSchema, SimulateAnnualLossInputSchema, type RiskInputParsed, type SimulateAnnualLossInputParsed } from './risk.ts';

describe('RiskInputSchema', () => {
  test('accepts the engine sample and every shipped example profile', () => {
    expect(RiskInputSchema.parse(SAMPLE_CLINIC_INPUT)).toEqual(SAMPLE_CLINIC_INPUT);
    for (const file of ['clinic-120', 'credit-union-60', 'manufacturer-300']) {
      const raw: unknown = JSON.parse(readFileSync(`examples/${file}.json`, 'utf8'));
      expect(RiskInputSchema.safeParse(raw).success, file).toBe(true);
    }
  });

  test('rejects out-of-range and unknown fields with their paths', () => {
    const bad = { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, employees: 0 }, factors: { M1: 'notApplicable', Q1: 'best' } };
    const result = RiskInputSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toContain('organisation.employees');
    expect(paths.some((p) => p.startsWith('factors'))).toBe(true);
  });

  test('rejects "notApplicable" where the factor does not allow it and accepts it for M10', () => {
    const m1 = RiskInputSchema.safeParse({ ...SAMPLE_CLINIC_INPUT, factors: { M1: 'notApplicable' } });
    expect(m1.error?.issues[0]?.path).toEqual(['factors', 'M1']);
    expect(RiskInputSchema.safeParse({ ...SAMPLE_CLINIC_INPUT, factors: { M10: 'notApplicable' } }).success).toBe(true);
  });
});

describe('SimulateAnnualLossInputSchema', () => {
  test('defaults iterations and seed and checks the frequency kind', () => {
    const parsed = SimulateAnnualLossInputSchema.parse({ frequency: { kind: 'poisson', rate: 0.1 }, severity: { kind: 'lognormal', median: 1000, sigma: 1 } });
    expect(parsed.iterations).toBe(100_000);
    expect(parsed.seed).toBe(1);
    expect(SimulateAnnualLossInputSchema.safeParse({ frequency: { kind: 'binomial', rate: 0.1 }, severity: { kind: 'lognormal', median: 1, sigma: 1 } }).success).toBe(false);
  });
});

test('parsed inputs are valid engine inputs (checked by the compiler)', () => {
  expectTypeOf<RiskInputParsed>().toExtend<RiskInput>();
  expectTypeOf<SimulateAnnualLossInputParsed>().toExtend<SimulateAnnualLossInput>();
});
