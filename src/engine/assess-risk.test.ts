import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { assessRisk, clearAssessRiskCache } from './assess-risk.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { INDUSTRY_IDS } from './industries.ts';
import type { IndustryId } from './industries.ts';
import { negativeBinomialProbabilityOfAny } from './random/negative-binomial.ts';
import type { FactorAnswers, RiskInput } from './risk-input.ts';
import { SAMPLE_CLINIC_INPUT, createDefaultRiskInput, createUniformAnswers } from './sample-inputs.ts';
import type { RiskResult } from './risk-result.ts';
import { rateExposure, RISK_BANDS } from './risk-score.ts';

const shapleyTargetOf = (r: RiskResult): number => r.attribution?.shapley.targetUsd ?? Number.NaN;

const ITERATIONS = 20_000;
const LEVELS = ['worst', 'partial', 'best'] as const;
const FACTOR_ID_LIST = FACTORS.map((f) => f.id);

const answersArb: fc.Arbitrary<FactorAnswers> = fc
  .tuple(...FACTORS.map((f) => fc.constantFrom<FactorAnswer>(...(f.allowsNotApplicable ? [...LEVELS, 'notApplicable' as const] : LEVELS))))
  .map((values) => Object.fromEntries(FACTOR_ID_LIST.map((id, i) => [id, values[i]])) as FactorAnswers);

const profileArb = fc.record({
  industry: fc.constantFrom<IndustryId>(...(INDUSTRY_IDS as IndustryId[])),
  employees: fc.integer({ min: 10, max: 500 }),
  revenue: fc.integer({ min: 1_000_000, max: 400_000_000 }),
  health: fc.constantFrom(0, 10_000),
  cards: fc.constantFrom(0, 5_000),
  financial: fc.constantFrom(0, 20_000),
});

interface ProfileDraft {
  industry: IndustryId;
  employees: number;
  revenue: number;
  health: number;
  cards: number;
  financial: number;
}

function buildInput(p: ProfileDraft, factors: FactorAnswers): RiskInput {
  const base = createDefaultRiskInput(p.industry, p.employees, p.revenue);
  return { ...base, organisation: { ...base.organisation, records: { personal: 1_000, health: p.health, paymentCard: p.cards, consumerFinancial: p.financial } }, factors };
}

const RANK: Record<string, number> = { worst: 0, partial: 1, best: 2 };

describe('assessRisk properties (20,000 years per run)', () => {
  test('improving any mitigator never raises the ALE', () => {
    const mitigators = FACTORS.filter((f) => f.kind === 'mitigator').map((f) => f.id);
    fc.assert(
      fc.property(profileArb, answersArb, fc.constantFrom(...mitigators), fc.integer({ min: 0, max: 1000 }), (p, answers, id, seed) => {
        const current = answers[id] ?? 'partial';
        if (current === 'best' || current === 'notApplicable') return;
        const better = current === 'worst' ? 'partial' : 'best';
        const before = assessRisk(buildInput(p, answers), { iterations: ITERATIONS, seed, attribution: false });
        const after = assessRisk(buildInput(p, { ...answers, [id]: better }), { iterations: ITERATIONS, seed, attribution: false });
        expect(after.annualLoss.expectedUsd).toBeLessThanOrEqual(before.annualLoss.expectedUsd);
        expect(after.annualLoss.percentilesUsd.p99).toBeLessThanOrEqual(before.annualLoss.percentilesUsd.p99);
      }),
      { numRuns: 25 },
    );
  });

  test('worsening any amplifier never lowers the ALE', () => {
    const amplifiers = FACTORS.filter((f) => f.kind === 'amplifier').map((f) => f.id);
    fc.assert(
      fc.property(profileArb, answersArb, fc.constantFrom(...amplifiers), fc.integer({ min: 0, max: 1000 }), (p, answers, id, seed) => {
        const current = answers[id] ?? 'partial';
        if (current === 'worst' || current === 'notApplicable') return;
        const worse = current === 'best' ? 'partial' : 'worst';
        expect(RANK[worse]).toBeLessThan(RANK[current] ?? 0);
        const before = assessRisk(buildInput(p, answers), { iterations: ITERATIONS, seed, attribution: false });
        const after = assessRisk(buildInput(p, { ...answers, [id]: worse }), { iterations: ITERATIONS, seed, attribution: false });
        expect(after.annualLoss.expectedUsd).toBeGreaterThanOrEqual(before.annualLoss.expectedUsd);
      }),
      { numRuns: 25 },
    );
  });

  test('percentiles are ordered, the exceedance curve never increases and spans $10K to 2x revenue', () => {
    fc.assert(
      fc.property(profileArb, answersArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (p, answers, seed) => {
        const r = assessRisk(buildInput(p, answers), { iterations: ITERATIONS, seed, attribution: false });
        const a = r.annualLoss;
        expect(0).toBeLessThanOrEqual(a.percentilesUsd.p50);
        expect(a.percentilesUsd.p50).toBeLessThanOrEqual(a.percentilesUsd.p90);
        expect(a.percentilesUsd.p90).toBeLessThanOrEqual(a.percentilesUsd.p95);
        expect(a.percentilesUsd.p95).toBeLessThanOrEqual(a.percentilesUsd.p99);
        expect(a.percentilesUsd.p99).toBeLessThanOrEqual(a.maxUsd);
        expect(a.valueAtRisk99Usd).toBeLessThanOrEqual(a.expectedShortfall99Usd);
        const c = r.costIfItHappens.percentilesUsd;
        expect(c.p50 <= c.p90 && c.p90 <= c.p95 && c.p95 <= c.p99).toBe(true);
        const curve = r.lossExceedanceCurve;
        expect(curve.length).toBeGreaterThanOrEqual(60);
        expect(curve[0]?.lossUsd).toBeCloseTo(10_000, 6);
        expect(curve.at(-1)?.lossUsd).toBe(2 * p.revenue);
        for (let i = 1; i < curve.length; i++) {
          expect((curve[i] as { lossUsd: number }).lossUsd).toBeGreaterThan((curve[i - 1] as { lossUsd: number }).lossUsd);
          expect((curve[i] as { probability: number }).probability).toBeLessThanOrEqual((curve[i - 1] as { probability: number }).probability);
        }
        expect(curve[0]?.probability).toBeLessThanOrEqual(r.probabilityOfAnyEvent);
      }),
      { numRuns: 30 },
    );
  });

  test('Shapley contributions add up to ALE(current) - ALE(all average) within 1%', () => {
    fc.assert(
      fc.property(profileArb, answersArb, fc.integer({ min: 0, max: 1000 }), (p, answers, seed) => {
        const input = buildInput(p, answers);
        const r = assessRisk(input, { iterations: ITERATIONS, seed, shapleyPermutations: 40 });
        const average = assessRisk({ ...input, factors: createUniformAnswers('partial') }, { iterations: ITERATIONS, seed, attribution: false });
        expect(shapleyTargetOf(r)).toBeCloseTo(r.annualLoss.expectedUsd - average.annualLoss.expectedUsd, 6);
        const shapley = r.attribution?.shapley;
        expect(shapley).toBeDefined();
        const target = r.annualLoss.expectedUsd - average.annualLoss.expectedUsd;
        const sum = shapley?.sumUsd ?? Number.NaN;
        expect(Math.abs(sum - target)).toBeLessThanOrEqual(0.01 * Math.abs(target) + 1e-6 * average.annualLoss.expectedUsd);
      }),
      { numRuns: 20 },
    );
  }, 30_000);

  test('chunking does not change results (bit-identical)', () => {
    fc.assert(
      fc.property(answersArb, fc.integer({ min: 2, max: 7 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (answers, chunks, seed) => {
        const input = { ...SAMPLE_CLINIC_INPUT, factors: answers };
        // Clear the draw cache so both runs really draw their random numbers.
        clearAssessRiskCache();
        const one = assessRisk(input, { iterations: 30_000, seed, shapleyPermutations: 20 });
        clearAssessRiskCache();
        const many = assessRisk(input, { iterations: 30_000, seed, chunks, shapleyPermutations: 20 });
        expect(JSON.stringify(many)).toBe(JSON.stringify(one));
      }),
      { numRuns: 10 },
    );
  }, 30_000);

  test('invalid input throws a RangeError naming the parameter', () => {
    const cases: [string, (i: RiskInput) => unknown][] = [
      ['organisation.employees', (i) => ({ ...i, organisation: { ...i.organisation, employees: 0 } })],
      ['organisation.employees', (i) => ({ ...i, organisation: { ...i.organisation, employees: 100_001 } })],
      ['organisation.employees', (i) => ({ ...i, organisation: { ...i.organisation, employees: 12.5 } })],
      ['organisation.annualRevenueUsd', (i) => ({ ...i, organisation: { ...i.organisation, annualRevenueUsd: Number.NaN } })],
      ['organisation.annualRevenueUsd', (i) => ({ ...i, organisation: { ...i.organisation, annualRevenueUsd: -5 } })],
      ['organisation.industry', (i) => ({ ...i, organisation: { ...i.organisation, industry: 'mining' } })],
      ['organisation.records.health', (i) => ({ ...i, organisation: { ...i.organisation, records: { ...i.organisation.records, health: -1 } } })],
      ['factors.M3', (i) => ({ ...i, factors: { M3: 'sometimes' } })],
      ['factors.M1', (i) => ({ ...i, factors: { M1: 'notApplicable' } })],
      ['factors.Z9', (i) => ({ ...i, factors: { Z9: 'best' } })],
      ['frameworks.hipaa.status', (i) => ({ ...i, frameworks: { hipaa: { status: 'done' } } })],
      ['frameworks.iso9001', (i) => ({ ...i, frameworks: { iso9001: { status: 'compliant' } } })],
      ['insurance.limitUsd', (i) => ({ ...i, insurance: { limitUsd: -1, retentionUsd: 0 } })],
      ['insurance.coinsuranceShare', (i) => ({ ...i, insurance: { limitUsd: 1, retentionUsd: 0, coinsuranceShare: 1.5 } })],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), ([name, mutate]) => {
        const bad = mutate(SAMPLE_CLINIC_INPUT) as RiskInput;
        expect(() => assessRisk(bad, { iterations: 1_000 })).toThrow(RangeError);
        expect(() => assessRisk(bad, { iterations: 1_000 })).toThrow(new RegExp(`^${name.replace(/\./g, '\\.')}:`));
      }),
      { numRuns: 40 },
    );
    expect(() => assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 10 })).toThrow(/^iterations:/);
    expect(() => assessRisk(SAMPLE_CLINIC_INPUT, { seed: -1 })).toThrow(/^seed:/);
    expect(() => assessRisk(SAMPLE_CLINIC_INPUT, { chunks: 0 })).toThrow(/^chunks:/);
  });
});

describe('assessRisk', () => {
  const result = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 3 });

  test('same input and seed give a bit-identical result; another seed does not', () => {
    const again = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 3 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
    const other = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 4, attribution: false });
    expect(other.annualLoss.expectedUsd).not.toBe(result.annualLoss.expectedUsd);
  });

  test('reusing the cached draws of the previous run never changes a result', () => {
    const other = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'best' as const } };
    clearAssessRiskCache();
    const fresh = assessRisk(other, { iterations: 50_000, seed: 3 });
    assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 3 });
    const reused = assessRisk(other, { iterations: 50_000, seed: 3 });
    expect(JSON.stringify(reused)).toBe(JSON.stringify(fresh));
  });

  test('the result is plain JSON (survives a JSON round trip unchanged)', () => {
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  test('the cost breakdown adds up to the ALE', () => {
    const total = result.costBreakdown.reduce((s, c) => s + c.expectedAnnualUsd, 0);
    expect(Math.abs(total - result.annualLoss.expectedUsd)).toBeLessThan(1e-6 * result.annualLoss.expectedUsd);
    expect(result.costBreakdown.map((c) => c.category)).toEqual(['responseAndForensics', 'businessInterruption', 'notificationAndMonitoring', 'regulatoryFines', 'ransom']);
    // Each category is the sum of the loss scenarios' breakdowns (ADR 223).
    for (const [i, c] of result.costBreakdown.entries()) {
      const fromScenarios = (result.lossScenarios ?? []).reduce((sum, s) => sum + (s.costBreakdown[i]?.expectedAnnualUsd ?? 0), 0);
      expect(Math.abs(fromScenarios - c.expectedAnnualUsd)).toBeLessThan(1e-9 * result.annualLoss.expectedUsd + 1e-9);
    }
  });

  test('fines by regime add up to the fines line, and only applicable regimes carry fines', () => {
    const line = result.costBreakdown.find((c) => c.category === 'regulatoryFines')?.expectedAnnualUsd ?? 0;
    const byRegime = result.fines.regimes.reduce((s, r) => s + r.expectedAnnualUsd, 0);
    expect(byRegime).toBeCloseTo(line, 6);
    expect(line).toBeGreaterThan(0);
    for (const r of result.fines.regimes) if (!r.isApplicable) expect(r.expectedAnnualUsd).toBe(0);
    expect(result.fines.regimes.find((r) => r.regime === 'hipaa')?.isApplicable).toBe(true);
  });

  test('simulated P(at least one event) matches the negative binomial P(N >= 1) within 4.5 standard errors', () => {
    const d = result.derivation;
    const expected = negativeBinomialProbabilityOfAny(d.meanEventsPerYear, d.dispersion);
    const se = Math.sqrt((expected * (1 - expected)) / result.iterations);
    expect(Math.abs(result.probabilityOfAnyEvent - expected)).toBeLessThan(4.5 * se);
  });

  test('without regulated data no fine is simulated', () => {
    const r = assessRisk(createDefaultRiskInput('manufacturing', 50, 30_000_000), { iterations: 20_000, attribution: false });
    expect(r.costBreakdown.find((c) => c.category === 'regulatoryFines')?.expectedAnnualUsd).toBe(0);
    expect(r.derivation.fineProbabilityPerRegime).toBe(0);
    expect(r.derivation.fineRegimes).toEqual([]);
  });

  test('insurance: net loss never exceeds gross, a zero limit recovers nothing', () => {
    const ins = result.insurance;
    expect(ins).not.toBeNull();
    expect(ins?.expectedNetAnnualLossUsd).toBeLessThanOrEqual(result.annualLoss.expectedUsd);
    expect(ins?.expectedRecoveredAnnualUsd).toBeGreaterThan(0);
    // Recoveries cannot exceed the annual limit.
    expect(ins?.expectedRecoveredAnnualUsd).toBeLessThanOrEqual(SAMPLE_CLINIC_INPUT.insurance?.limitUsd ?? 0);
    const noCover = assessRisk({ ...SAMPLE_CLINIC_INPUT, insurance: { limitUsd: 0, retentionUsd: 0 } }, { iterations: 20_000, attribution: false });
    expect(noCover.insurance?.expectedNetAnnualLossUsd).toBeCloseTo(noCover.annualLoss.expectedUsd, 6);
  });

  test('one-at-a-time: best never raises and worst never lowers the ALE', () => {
    const oat = result.attribution?.oneAtATime ?? [];
    expect(oat).toHaveLength(19);
    for (const row of oat) {
      expect(row.deltaToBestUsd).toBeLessThanOrEqual(1e-6);
      expect(row.deltaToWorstUsd).toBeGreaterThanOrEqual(-1e-6);
    }
  });

  test('recommendations cover improvable factors only, ranked by dollars reduced per dollar spent, negative ROSI apart', () => {
    const recs = result.recommendations ?? [];
    const notWorthIt = result.recommendationsNotWorthIt ?? [];
    // Required controls that do not pay for themselves are in their own list only (ADR 312).
    const requiredOnly = (result.requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0);
    expect(recs.length + notWorthIt.length).toBeGreaterThan(0);
    const improvable = FACTORS.filter((f) => !['best', 'notApplicable'].includes(result.factorAnswers[f.id])).map((f) => f.id);
    expect([...recs, ...notWorthIt, ...requiredOnly].map((r) => r.factorId).sort()).toEqual([...improvable].sort());
    for (const list of [recs, notWorthIt]) for (let i = 1; i < list.length; i++) expect((list[i] as { reductionPerDollar: number }).reductionPerDollar).toBeLessThanOrEqual((list[i - 1] as { reductionPerDollar: number }).reductionPerDollar);
    for (const r of recs) expect(r.returnOnSecurityInvestment).toBeGreaterThanOrEqual(0);
    for (const r of notWorthIt) expect(r.returnOnSecurityInvestment).toBeLessThan(0);
    for (const r of [...recs, ...notWorthIt]) {
      expect(r.annualLossReductionUsd).toBeGreaterThanOrEqual(0);
      expect(r.expectedShortfall99ReductionUsd).toBeGreaterThanOrEqual(0);
      expect(r.returnOnSecurityInvestment).toBeCloseTo((r.annualLossReductionUsd - r.annualCostUsd.midUsd) / r.annualCostUsd.midUsd, 9);
      if (r.paybackMonths !== null) expect(r.paybackMonths).toBeCloseTo((12 * r.annualCostUsd.midUsd) / r.annualLossReductionUsd, 9);
    }
  });

  test('risk score is 50 for the average posture, lower for all-best, higher for all-worst', () => {
    const base = createDefaultRiskInput('healthcare', 100, 15_000_000);
    const all = (a: 'best' | 'worst'): FactorAnswers => Object.fromEntries(FACTOR_ID_LIST.map((id: FactorId) => [id, a])) as FactorAnswers;
    const avg = assessRisk(base, { iterations: 20_000, attribution: false });
    const best = assessRisk({ ...base, factors: all('best') }, { iterations: 20_000, attribution: false });
    const worst = assessRisk({ ...base, factors: all('worst') }, { iterations: 20_000, attribution: false });
    expect(avg.riskScore.score).toBe(50);
    expect(best.riskScore.score).toBe(0);
    expect(worst.riskScore.score).toBe(100);
    // The band rates the dollars against revenue (risk-score.ts, ADR 206), so it is the worst posture's own exposure.
    const exposureOf = (r: RiskResult) => ({ expectedUsd: r.annualLoss.expectedUsd, oneInTwentyUsd: r.annualLoss.percentilesUsd.p95, oneInHundredUsd: r.annualLoss.percentilesUsd.p99, annualRevenueUsd: r.profile.annualRevenueUsd });
    expect(worst.riskScore.band).toBe(rateExposure(exposureOf(worst)).band);
    expect(RISK_BANDS.findIndex((b) => b.id === worst.riskScore.band)).toBeGreaterThan(RISK_BANDS.findIndex((b) => b.id === best.riskScore.band));
  });

  test('employees outside 10-500 are accepted and flagged', () => {
    const r = assessRisk(createDefaultRiskInput('other', 2_000, 300_000_000), { iterations: 5_000, attribution: false });
    expect(r.isInCalibratedRange).toBe(false);
    expect(r.warnings.map((w) => w.code)).toContain('employeesOutsideCalibratedRange');
  });
});
