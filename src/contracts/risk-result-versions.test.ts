import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '../engine/assess-risk.ts';
import { ENGINE_VERSION } from '../engine/engine-version.ts';
import { rerunOnCurrentModel } from '../engine/rerun-on-current-model.ts';
import type { RiskInput } from '../engine/risk-input.ts';
import { isCurrentModel, StoredRiskResultSchema } from './risk.ts';

// A result stored by ENGINE_VERSION 1.0.0 (examples/clinic-120.json, seed 1, 100,000 years), captured
// before the 2.0.0 change: it must keep opening with its original figures (ADR 104).
const storedV1: unknown = JSON.parse(readFileSync(new URL('./fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8'));
// A result stored by ENGINE_VERSION 2.0.0 (same example, seed 3, 20,000 years), captured from the 2.0.0 engine
// before the 3.0.0 change (named loss scenarios, ADR 223).
const storedV2: unknown = JSON.parse(readFileSync(new URL('./fixtures/risk-result-2.0.0.json', import.meta.url), 'utf8'));
// A result stored by ENGINE_VERSION 3.0.0 (same example, seed 3, 20,000 years), captured from the 3.0.0 engine
// before the 3.1.0 change (evidence never raises a figure, regimes phase in, ADR 265).
const storedV3: unknown = JSON.parse(readFileSync(new URL('./fixtures/risk-result-3.0.0.json', import.meta.url), 'utf8'));
const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as RiskInput;

describe('stored risk results of every engine version', () => {
  test('a 1.0.0 result parses unchanged: its figures and version label are kept', () => {
    const parsed = StoredRiskResultSchema.parse(storedV1);
    expect(parsed.engineVersion).toBe('1.0.0');
    expect(parsed.annualLoss.expectedUsd).toBeCloseTo(407_778.39, 1);
    expect(parsed).toEqual(storedV1);
    expect(parsed.precision).toBeUndefined();
    expect(isCurrentModel(parsed, ENGINE_VERSION)).toBe(false);
  });

  test('a 2.0.0 result parses unchanged, without loss scenarios, and is not the current model', () => {
    const parsed = StoredRiskResultSchema.parse(storedV2);
    expect(parsed.engineVersion).toBe('2.0.0');
    expect(parsed).toEqual(storedV2);
    expect(parsed.lossScenarios).toBeUndefined();
    expect(parsed.precision?.mode).toBe('fixed');
    expect(isCurrentModel(parsed, ENGINE_VERSION)).toBe(false);
  });

  test('a 3.0.0 result parses unchanged, with its loss scenarios, and counts as the current (major) model', () => {
    const parsed = StoredRiskResultSchema.parse(storedV3);
    expect(parsed.engineVersion).toBe('3.0.0');
    expect(ENGINE_VERSION).not.toBe('3.0.0');
    expect(parsed).toEqual(storedV3);
    expect(parsed.lossScenarios).toHaveLength(5);
    expect(isCurrentModel(parsed, ENGINE_VERSION)).toBe(true);
  });

  test('re-running a 2.0.0 assessment on 3.0.0 shows both figures with the same seed, and the current one split by scenario', () => {
    const stored = StoredRiskResultSchema.parse(storedV2);
    const comparison = rerunOnCurrentModel(clinic, stored, { iterations: 20_000, attribution: false });
    expect(comparison.storedEngineVersion).toBe('2.0.0');
    expect(comparison.isSameVersion).toBe(false);
    expect(comparison.expectedAnnualLoss.storedUsd).toBe(stored.annualLoss.expectedUsd);
    expect(comparison.current.seed).toBe(3);
    const split = comparison.current.lossScenarios.reduce((sum, s) => sum + s.expectedAnnualLossUsd, 0);
    expect(split).toBe(comparison.current.annualLoss.expectedUsd);
  });

  test('a result of the current engine parses with its new fields', () => {
    const result = JSON.parse(JSON.stringify(assessRisk(clinic, { iterations: 20_000, seed: 3 }))) as unknown;
    const parsed = StoredRiskResultSchema.parse(result);
    expect(parsed.engineVersion).toBe(ENGINE_VERSION);
    expect(parsed.precision?.mode).toBe('fixed');
    expect(parsed.insuranceView?.oneInHundredYearLossUsd).toBe(parsed.annualLoss.percentilesUsd.p99);
    expect(parsed.unknownFactors).toEqual([]);
    expect(parsed.lossScenarios?.map((s) => s.id)).toEqual(['ransomware', 'businessEmailCompromise', 'dataBreach', 'outage', 'deviceAndInsider']);
    expect(parsed.recommendations?.[0]?.savingByScenario).toHaveLength(5);
    expect(isCurrentModel(parsed, ENGINE_VERSION)).toBe(true);
  });

  test('re-running a 1.0.0 assessment on the current model shows both figures, same seed', () => {
    const stored = StoredRiskResultSchema.parse(storedV1);
    const comparison = rerunOnCurrentModel(clinic, stored, { iterations: 20_000, attribution: false });
    expect(comparison.storedEngineVersion).toBe('1.0.0');
    expect(comparison.currentEngineVersion).toBe(ENGINE_VERSION);
    expect(comparison.isSameVersion).toBe(false);
    expect(comparison.expectedAnnualLoss.storedUsd).toBe(stored.annualLoss.expectedUsd);
    expect(comparison.expectedAnnualLoss.currentUsd).toBe(comparison.current.annualLoss.expectedUsd);
    expect(comparison.current.seed).toBe(stored.seed);
    expect(comparison.current.engineVersion).toBe(ENGINE_VERSION);
  });

  test('a result without an engine version or with a malformed figure is rejected', () => {
    const { engineVersion: _omit, ...noVersion } = storedV1 as Record<string, unknown>;
    expect(StoredRiskResultSchema.safeParse(noVersion).success).toBe(false);
    expect(StoredRiskResultSchema.safeParse({ ...(storedV1 as object), annualLoss: { expectedUsd: 'a lot' } }).success).toBe(false);
  });
});
