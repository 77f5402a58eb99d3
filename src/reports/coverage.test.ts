import { describe, expect, test } from 'vitest';
import type { RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { chanceOfExceeding, computeCoverage, SUB_LIMIT_NOTE } from './coverage.ts';

const RUN = { seed: 7, iterations: 20_000 } as const;
const withPolicy = assessRisk(SAMPLE_CLINIC_INPUT, RUN);
const { insurance: _omitted, ...uninsuredInput } = SAMPLE_CLINIC_INPUT;
const withoutPolicy = assessRisk(uninsuredInput, RUN);

const SETTINGS: RiskProfileSettings = {
  policy: {
    limitUsd: 2_000_000,
    retentionUsd: 50_000,
    coinsuranceShare: 0,
    subLimits: { ransomware: 250_000, fundsTransferFraud: null, regulatoryFines: 100_000 },
  },
  appetiteUsd: 300_000,
};

describe('chanceOfExceeding', () => {
  const curve = [
    { lossUsd: 10_000, probability: 0.2 },
    { lossUsd: 100_000, probability: 0.1 },
    { lossUsd: 1_000_000, probability: 0.01 },
  ];

  test('reads the curve at its points and interpolates on a log scale of loss between them', () => {
    expect(chanceOfExceeding(curve, 100_000)).toEqual({ probability: 0.1, bound: 'about' });
    // sqrt(10K x 100K) is half-way on a log scale.
    expect(chanceOfExceeding(curve, Math.sqrt(10_000 * 100_000)).probability).toBeCloseTo(0.15, 12);
  });

  test('gives only a bound outside the curve', () => {
    expect(chanceOfExceeding(curve, 5_000)).toEqual({ probability: 0.2, bound: 'atLeast' });
    expect(chanceOfExceeding(curve, 5_000_000)).toEqual({ probability: 0.01, bound: 'atMost' });
  });
});

describe('computeCoverage', () => {
  test('with a policy: the uninsured part of a bad year is what the engine says is kept after insurance', () => {
    const coverage = computeCoverage(withPolicy, SETTINGS);
    const net = withPolicy.insurance?.netPercentilesUsd;
    expect(net).toBeDefined();
    const [oneInTwenty, oneInHundred] = coverage.badYears;
    expect(oneInTwenty).toMatchObject({
      id: 'oneInTwenty',
      beforeInsuranceUsd: Math.round(withPolicy.annualLoss.percentilesUsd.p95),
      uninsuredUsd: Math.round(net?.p95 ?? -1),
    });
    expect(oneInHundred).toMatchObject({
      id: 'oneInHundred',
      beforeInsuranceUsd: Math.round(withPolicy.annualLoss.percentilesUsd.p99),
      uninsuredUsd: Math.round(net?.p99 ?? -1),
    });
    // Insurance can only lower what is kept.
    for (const year of coverage.badYears) expect(year.uninsuredUsd).toBeLessThanOrEqual(year.beforeInsuranceUsd);
    expect(coverage.badYears.map((y) => y.isAboveAppetite)).toEqual(coverage.badYears.map((y) => y.uninsuredUsd > 300_000));
  });

  test('a severe incident is paid after the retention, up to the limit', () => {
    const cost = withPolicy.costIfItHappens.percentilesUsd.p95;
    // The same run read with a limit far above any incident, then with one below the claim.
    const largeLimit = { ...withPolicy, insurance: withPolicy.insurance && { ...withPolicy.insurance, limitUsd: 1e9 } };
    const wide = computeCoverage(largeLimit, SETTINGS).severeIncident;
    expect(wide).toEqual({
      costUsd: Math.round(cost),
      insurerPaysUsd: Math.round(cost - 50_000),
      uninsuredUsd: Math.round(cost) - Math.round(cost - 50_000),
      isWithinLimit: true,
    });
    const smallLimit = { ...withPolicy, insurance: withPolicy.insurance && { ...withPolicy.insurance, limitUsd: 100_000 } };
    const narrow = computeCoverage(smallLimit, SETTINGS).severeIncident;
    expect(cost - 50_000).toBeGreaterThan(100_000);
    expect(narrow).toEqual({
      costUsd: Math.round(cost),
      insurerPaysUsd: 100_000,
      uninsuredUsd: Math.round(cost) - 100_000,
      isWithinLimit: false,
    });
    expect(computeCoverage(smallLimit, SETTINGS).sentences.join(' ')).toContain('the limit does not cover it');
  });

  test('without a policy everything is uninsured, and sub-limits of a profile the run did not use are not shown', () => {
    const coverage = computeCoverage(withoutPolicy, SETTINGS);
    expect(coverage.policy).toBeNull();
    expect(coverage.subLimitNote).toBeNull();
    for (const year of coverage.badYears) expect(year.uninsuredUsd).toBe(year.beforeInsuranceUsd);
    expect(coverage.severeIncident.isWithinLimit).toBeNull();
    expect(coverage.sentences[0]).toContain('No cyber-insurance policy');
  });

  test('the appetite is read off the loss curve, and its sentence follows the figure', () => {
    const coverage = computeCoverage(withoutPolicy, SETTINGS);
    const expected = chanceOfExceeding(withoutPolicy.lossExceedanceCurve, 300_000);
    expect(coverage.appetite?.chanceOfExceeding).toEqual(expected);
    expect(expected.bound).toBe('about');
    // A higher appetite is exceeded less often.
    const higher = computeCoverage(withoutPolicy, { ...SETTINGS, appetiteUsd: 3_000_000 });
    expect(higher.appetite?.chanceOfExceeding.probability).toBeLessThan(expected.probability);
    expect(coverage.sentences.join(' ')).toContain('$300,000');
    expect(computeCoverage(withoutPolicy, { ...SETTINGS, appetiteUsd: null }).appetite).toBeNull();
  });

  test('lists the entered sub-limits and says they are not modelled per scenario', () => {
    const coverage = computeCoverage(withPolicy, SETTINGS);
    expect(coverage.policy?.subLimits).toEqual([
      { id: 'ransomware', label: 'Ransomware and extortion', amountUsd: 250_000 },
      { id: 'regulatoryFines', label: 'Regulatory fines and penalties', amountUsd: 100_000 },
    ]);
    expect(coverage.subLimitNote).toBe(SUB_LIMIT_NOTE);
  });
});
