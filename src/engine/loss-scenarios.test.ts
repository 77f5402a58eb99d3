import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { buildCalibrationTable } from './calibration-table.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer } from './factors.ts';
import { sampleLossDraws } from './loss-draws.ts';
import { splitExactly } from './loss-scenario-results.ts';
import { FACTOR_SCENARIO_WEIGHTS, LOSS_SCENARIOS, LOSS_SCENARIO_COUNT, LOSS_SCENARIO_IDS } from './loss-scenarios.ts';
import { buildModelParameters } from './model-parameters.ts';
import type { RiskInput } from './risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

// Named loss scenarios (ADR 223).
const RUN = { iterations: 20_000, seed: 5 };
const sumInOrder = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

describe('the scenario structure', () => {
  const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);
  const ls = params.lossScenarios;
  const mixOf = (values: Float64Array): number => sumInOrder(Array.from(values, (x, s) => x * (ls.share[s] as number)));

  test('five scenarios whose frequency shares sum to 1, each number with a source', () => {
    expect(LOSS_SCENARIOS.map((s) => s.id)).toEqual([...LOSS_SCENARIO_IDS]);
    expect(sumInOrder(Array.from(ls.share))).toBeCloseTo(1, 12);
    for (const s of LOSS_SCENARIOS) {
      for (const value of [s.frequencyShare, s.relativeMeanCostUsd, s.interruptionShare, s.recordsExposureWeight, s.fineWeight])
        expect(value.source.length).toBeGreaterThan(10);
    }
  });

  test('the population-average mix keeps every 2.0 component: response, interruption, records exposure, fine probability, ransom', () => {
    expect(mixOf(ls.responseMultiplier)).toBeCloseTo(1, 12);
    expect(mixOf(ls.interruptionMultiplier)).toBeCloseTo(1, 12);
    expect(mixOf(ls.fineProbabilityMultiplier)).toBeCloseTo(1, 12);
    expect(mixOf(ls.recordsExposureProbability)).toBeCloseTo(params.recordExposureProbability, 12);
    expect(mixOf(ls.ransomProbability)).toBeCloseTo(params.ransom.probability, 12);
    // Mean of the core draw: sum share x k_s x exp(sigma_w^2 / 2) equals the 2.0 exp(sigma^2 / 2).
    expect(mixOf(params.coreMultiplierByLossScenario) * Math.exp(params.withinScenarioSigma ** 2 / 2)).toBeCloseTo(
      Math.exp(params.sigma ** 2 / 2),
      10,
    );
  });

  test('ransom only in ransomware, no records in an outage, every probability in [0, 1]', () => {
    const draws = sampleLossDraws(params, 3, 50_000);
    const seen = new Set<number>();
    for (let e = 0; e < draws.eventCount; e++) {
      const s = draws.lossScenario[e] as number;
      seen.add(s);
      if ((draws.ransomUsd[e] as number) > 0) expect(LOSS_SCENARIO_IDS[s]).toBe('ransomware');
      if (LOSS_SCENARIO_IDS[s] === 'outage') expect(draws.recordsLossUsd[e]).toBe(0);
    }
    expect(seen.size).toBe(LOSS_SCENARIO_COUNT);
    for (const p of [...ls.recordsExposureProbability, ...ls.ransomProbability]) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  test('the scenario of each event does not depend on records or regimes (same count of random numbers per event)', () => {
    const org = SAMPLE_CLINIC_INPUT.organisation;
    const bare = buildModelParameters(
      { ...org, records: { personal: 0, health: 0, paymentCard: 0, consumerFinancial: 0 }, holdsEuResidentsData: false },
      {},
    );
    const full = buildModelParameters(
      { ...org, holdsEuResidentsData: true, holdsCaliforniaResidentsData: true },
      { pciDss: { status: 'compliant' } },
    );
    const a = sampleLossDraws(bare, 7, 30_000);
    const b = sampleLossDraws(full, 7, 30_000);
    expect(b.eventCount).toBe(a.eventCount);
    expect(b.lossScenario).toEqual(a.lossScenario);
    expect(b.frequencyThreshold).toEqual(a.frequencyThreshold);
    expect(b.coreLossUsd).toEqual(a.coreLossUsd);
  });

  test('factor weights are non-negative (monotone) and average 1 over the scenario mix (the 2.0 effect of each factor, to first order)', () => {
    FACTORS.forEach((_factor, i) => {
      const row = Array.from({ length: LOSS_SCENARIO_COUNT }, (_, s) => FACTOR_SCENARIO_WEIGHTS[i * LOSS_SCENARIO_COUNT + s] as number);
      row.forEach((w) => expect(w).toBeGreaterThanOrEqual(0));
      expect(sumInOrder(row.map((w, s) => w * (ls.share[s] as number)))).toBeCloseTo(1, 12);
    });
  });

  test('MFA acts more on BEC and ransomware than on outages; encryption more on devices and breaches than on BEC', () => {
    const w = (id: string, s: string) =>
      FACTOR_SCENARIO_WEIGHTS[
        FACTORS.findIndex((f) => f.id === id) * LOSS_SCENARIO_COUNT + LOSS_SCENARIO_IDS.indexOf(s as never)
      ] as number;
    expect(w('M3', 'businessEmailCompromise')).toBeGreaterThan(w('M3', 'outage'));
    expect(w('M3', 'ransomware')).toBeGreaterThan(w('M3', 'outage'));
    expect(w('M8', 'deviceAndInsider')).toBeGreaterThan(w('M8', 'businessEmailCompromise'));
    expect(w('M8', 'dataBreach')).toBeGreaterThan(w('M8', 'businessEmailCompromise'));
  });
});

describe('the result per loss scenario', () => {
  const clinic = assessRisk(SAMPLE_CLINIC_INPUT, RUN);

  test('the five expected losses add up to the expected annual loss exactly', () => {
    expect(clinic.lossScenarios.map((s) => s.id)).toEqual([...LOSS_SCENARIO_IDS]);
    expect(sumInOrder(clinic.lossScenarios.map((s) => s.expectedAnnualLossUsd))).toBe(clinic.annualLoss.expectedUsd);
    expect(sumInOrder(clinic.lossScenarios.map((s) => s.share))).toBeCloseTo(1, 12);
  });

  test('exactly, for any profile and answers (with unknown answers and insurance too)', () => {
    const answersArb = fc
      .tuple(...FACTORS.map(() => fc.constantFrom<FactorAnswer>('worst', 'partial', 'best', 'unknown')))
      .map((v) => Object.fromEntries(FACTORS.map((f, i) => [f.id, v[i]])));
    fc.assert(
      fc.property(answersArb, fc.double({ min: 1e6, max: 5e8, noNaN: true }), fc.boolean(), (factors, revenue, insured) => {
        const input: RiskInput = {
          ...SAMPLE_CLINIC_INPUT,
          organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: revenue },
          factors,
          ...(insured ? { insurance: { limitUsd: 1e6, retentionUsd: 25_000 } } : {}),
        };
        const r = assessRisk(input, { iterations: 5_000, seed: 9, attribution: false });
        expect([sumInOrder(r.lossScenarios.map((s) => s.expectedAnnualLossUsd)), 'sum']).toEqual([r.annualLoss.expectedUsd, 'sum']);
        r.lossScenarios.forEach((s) => {
          expect([s.id, s.annualProbability <= r.probabilityOfAnyEvent]).toEqual([s.id, true]);
          expect([s.id, s.p95CostIfItHappensUsd >= s.medianCostIfItHappensUsd]).toEqual([s.id, true]);
        });
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  test('splitExactly hands the rounding remainder to the largest part', () => {
    const parts = Float64Array.from([0.1, 0.2, 0.3, 1e6 / 3, 7e-9]);
    const total = 0.1 + 0.2 + 0.3 + 1e6 / 3 + 7e-9 + 1e-10;
    const out = splitExactly(parts, total);
    expect(sumInOrder(Array.from(out))).toBe(total);
    expect(Array.from(out.subarray(0, 3))).toEqual([0.1, 0.2, 0.3]);
  });

  test('each scenario breakdown sums to its expected loss; ransom appears only in ransomware', () => {
    for (const s of clinic.lossScenarios) {
      const breakdown = sumInOrder(s.costBreakdown.map((c) => c.expectedAnnualUsd));
      expect(Math.abs(breakdown - s.expectedAnnualLossUsd)).toBeLessThan(1e-6 * clinic.annualLoss.expectedUsd);
      const ransom = s.costBreakdown.find((c) => c.category === 'ransom')?.expectedAnnualUsd ?? 0;
      if (s.id !== 'ransomware') expect(ransom).toBe(0);
    }
    expect(
      clinic.lossScenarios.find((s) => s.id === 'ransomware')?.costBreakdown.find((c) => c.category === 'ransom')?.expectedAnnualUsd,
    ).toBeGreaterThan(0);
  });

  test('recommendations, fix plan steps and one-at-a-time rows carry their saving per scenario, adding up to the total', () => {
    const r = clinic;
    for (const rec of [...(r.recommendations ?? []), ...(r.recommendationsNotWorthIt ?? []), ...(r.requiredControls ?? [])]) {
      expect(rec.savingByScenario?.map((x) => x.scenarioId)).toEqual([...LOSS_SCENARIO_IDS]);
      rec.savingByScenario?.forEach((x) => expect(x.annualLossReductionUsd).toBeGreaterThanOrEqual(-1e-9));
      expect(sumInOrder(rec.savingByScenario?.map((x) => x.annualLossReductionUsd) ?? [])).toBeCloseTo(rec.annualLossReductionUsd, 4);
    }
    for (const step of r.fixPlan?.steps ?? [])
      expect(sumInOrder(step.savingByScenario?.map((x) => x.annualLossReductionUsd) ?? [])).toBeCloseTo(step.stepSavingUsd, 4);
    for (const row of r.attribution?.oneAtATime ?? [])
      expect(sumInOrder(row.byScenario?.map((x) => x.annualLossReductionUsd) ?? [])).toBeCloseTo(-row.deltaToBestUsd, 4);
    // MFA removes more from BEC than from outages.
    const mfa = r.attribution?.oneAtATime.find((x) => x.factorId === 'M3')?.byScenario ?? [];
    const of = (id: string) => mfa.find((x) => x.scenarioId === id)?.annualLossReductionUsd ?? 0;
    if (r.factorAnswers.M3 !== 'best') expect(of('businessEmailCompromise')).toBeGreaterThan(of('outage'));
  });
});

describe('the fit of each scenario to its source (ADR 223)', () => {
  const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);
  const ransomware = LOSS_SCENARIO_IDS.indexOf('ransomware');

  test('a ransom is paid in ransomware at the DBIR pay rate, and the expected ransom per incident is still the 2.0 one', () => {
    expect(params.lossScenarios.ransomProbability[ransomware]).toBe(CALIBRATION.ransomPayRate.value);
    const expectedRansomFactor = (p: number, sigma: number): number => p * Math.exp(sigma ** 2 / 2);
    const model20 = expectedRansomFactor(
      CALIBRATION.ransomwareShareSmb.value * CALIBRATION.ransomPayRate.value,
      CALIBRATION.ransomSigma.value,
    );
    expect(expectedRansomFactor(params.ransom.probability, params.ransom.sigma)).toBeCloseTo(model20, 12);
    // Wider than the 2.0 assumption, no wider than Coveware's Q4 2024 payments (mean / median 5.0).
    expect(params.ransom.sigma).toBeGreaterThan(CALIBRATION.ransomSigma.value);
    expect(params.ransom.sigma).toBeLessThanOrEqual(Math.sqrt(2 * Math.log(553_959 / 110_890)));
  });

  test('every scenario: simulated share within ±20% of its share, whole-incident mean within ×/÷2 of its NetDiligence mean by cause', () => {
    const rows = buildCalibrationTable([], { iterations: 100_000, seed: 3 }).filter((r) => r.group === 'lossScenarios');
    expect(rows).toHaveLength(2 * LOSS_SCENARIO_COUNT);
    for (const r of rows) expect([r.id, r.modelValue >= r.rangeLow && r.modelValue <= r.rangeHigh]).toEqual([r.id, true]);
  });
});
