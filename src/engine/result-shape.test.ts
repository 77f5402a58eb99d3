import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import type { Recommendation } from './recommendations.ts';
import { readStoredResultShape } from './result-shape.ts';
import type { RiskResult } from './risk-result.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

/** The shape a result had before ADR 312 and 313: required controls inside "not worth it", the policy's own 1-in-100 cover. */
function asStoredBefore(result: RiskResult): RiskResult {
  const requiredOnly = (result.requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0);
  const notWorthIt: Recommendation[] = [...(result.recommendationsNotWorthIt ?? []), ...requiredOnly]
    .sort((a, b) => b.reductionPerDollar - a.reductionPerDollar || a.factorId.localeCompare(b.factorId))
    .map((r, i) => ({ ...r, rank: i + 1 }));
  const { requiredControls: _dropped, ...rest } = result;
  const view = result.insuranceView;
  const recovered = Math.min(view.policyLimitUsd ?? 0, view.limitToCoverOneInHundredYearUsd);
  const stored = {
    ...rest,
    recommendationsNotWorthIt: notWorthIt,
    insuranceView: {
      ...view,
      recoveredInOneInHundredYearUsd: recovered,
      coveredShareOfOneInHundredYear: recovered / view.oneInHundredYearLossUsd,
      uncoveredInOneInHundredYearUsd: view.oneInHundredYearLossUsd - recovered,
    },
  };
  // Typed as the engine's, as the repository reads any stored version (assessment-record.ts).
  return stored as unknown as RiskResult;
}

describe('a stored result read into the current shape (ADR 312, 313)', () => {
  const result = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 20_000, seed: 3 });

  test('the clinic: MFA is required (HIPAA, the insurer), in its own list and not in "not worth it"', () => {
    expect(result.requiredControls?.map((r) => r.factorId)).toContain('M3');
    expect(result.recommendationsNotWorthIt?.map((r) => r.factorId)).not.toContain('M3');
  });

  test('a result stored before reads as the engine writes it now: the same three lists, ranks and one uninsured figure', () => {
    const before = asStoredBefore(result);
    expect(before.recommendationsNotWorthIt?.map((r) => r.factorId)).toContain('M3');
    expect(before.insuranceView.uncoveredInOneInHundredYearUsd).not.toBe(result.insuranceView.uncoveredInOneInHundredYearUsd);
    expect(readStoredResultShape(before)).toEqual(result);
  });

  test('a result already in the current shape reads unchanged', () => {
    expect(readStoredResultShape(result)).toEqual(result);
  });

  test('a result without the lists (attribution off, or model 1.0.0) gets no list it never had', () => {
    const bare = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 5_000, seed: 3, attribution: false });
    const { requiredControls: _a, ...withoutField } = bare;
    expect(readStoredResultShape(withoutField as RiskResult).requiredControls).toBeNull();
    const { recommendationsNotWorthIt: _b, requiredControls: _c, ...oneZero } = result;
    const read = readStoredResultShape(oneZero as RiskResult);
    // Model 1.0.0 marked no control required: the result reads exactly as stored, neither list added.
    expect('recommendationsNotWorthIt' in read).toBe(false);
    expect('requiredControls' in read).toBe(false);
    expect(read).toEqual(oneZero);
  });
});

describe('one uninsured figure for a 1-in-100 year (ADR 313)', () => {
  const withPolicy = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 20_000, seed: 5, attribution: false });
  const { insurance: _none, ...uninsuredInput } = SAMPLE_CLINIC_INPUT;
  const withoutPolicy = assessRisk(uninsuredInput, { iterations: 20_000, seed: 5, attribution: false });

  test('with a policy, what stays is the 1-in-100 year of the loss kept after insurance, and the policy pays the rest', () => {
    const view = withPolicy.insuranceView;
    expect(withPolicy.insurance).not.toBeNull();
    expect(view.uncoveredInOneInHundredYearUsd).toBe(withPolicy.insurance?.netPercentilesUsd.p99);
    expect(view.recoveredInOneInHundredYearUsd + view.uncoveredInOneInHundredYearUsd).toBeCloseTo(view.oneInHundredYearLossUsd, 6);
    expect(view.coveredShareOfOneInHundredYear).toBeCloseTo(view.recoveredInOneInHundredYearUsd / view.oneInHundredYearLossUsd, 12);
  });

  test('without a policy, the whole 1-in-100 year stays', () => {
    const view = withoutPolicy.insuranceView;
    expect(withoutPolicy.insurance).toBeNull();
    expect(view.uncoveredInOneInHundredYearUsd).toBe(withoutPolicy.annualLoss.percentilesUsd.p99);
    expect(view.recoveredInOneInHundredYearUsd).toBe(0);
  });
});
