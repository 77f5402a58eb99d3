import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import type { AssessRiskOptions } from './assess-risk.ts';
import { FACTORS, getFactor } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { FRAMEWORKS } from './frameworks.ts';
import type { FrameworkId } from './frameworks.ts';
import { INDUSTRY_IDS } from './industries.ts';
import type { IndustryId } from './industries.ts';
import type { FactorAnswers, FrameworkStates, RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';

// Risk model 2.0 (ADR 100): monotone by construction. Every what-if below shares the
// draws of its base (same profile, seed, iterations: common random numbers), so the properties hold
// exactly, not just on average: a better answer lowers each incident's cost and thins incidents.
const OPTIONS: AssessRiskOptions = { iterations: 20_000, seed: 11, attribution: false };
const LEVELS_BEST_FIRST: readonly FactorAnswer[] = ['best', 'partial', 'worst'];
// Relative slack for floating-point summation order only.
const EPS = 1e-9;

interface Figures {
  readonly ale: number;
  readonly percentiles: readonly number[];
  readonly es99: number;
  readonly medianIncident: number;
  readonly incidentPercentiles: readonly number[];
  readonly fines: number;
  /** Per named loss scenario (ADR 223): expected annual loss, P(at least one a year), median and P95 cost if it happens. */
  readonly scenarios: readonly (readonly number[])[];
}

function figuresOf(r: RiskResult): Figures {
  const a = r.annualLoss;
  const c = r.costIfItHappens.percentilesUsd;
  return {
    ale: a.expectedUsd,
    percentiles: [a.percentilesUsd.p50, a.percentilesUsd.p90, a.percentilesUsd.p95, a.percentilesUsd.p99],
    es99: a.expectedShortfall99Usd,
    medianIncident: c.p50,
    incidentPercentiles: [c.p50, c.p90, c.p95, c.p99],
    fines: r.costBreakdown.find((x) => x.category === 'regulatoryFines')?.expectedAnnualUsd ?? 0,
    scenarios: r.lossScenarios.map((x) => [x.expectedAnnualLossUsd, x.annualProbability, x.medianCostIfItHappensUsd, x.p95CostIfItHappensUsd]),
  };
}

const notAbove = (a: number, b: number): boolean => a <= b * (1 + EPS) + 1e-6;

function expectNoHigher(better: Figures, worse: Figures): void {
  expect(notAbove(better.ale, worse.ale)).toBe(true);
  better.percentiles.forEach((p, i) => expect(notAbove(p, worse.percentiles[i] as number)).toBe(true));
  expect(notAbove(better.es99, worse.es99)).toBe(true);
  expect(notAbove(better.medianIncident, worse.medianIncident)).toBe(true);
  better.incidentPercentiles.forEach((p, i) => expect(notAbove(p, worse.incidentPercentiles[i] as number)).toBe(true));
  expect(notAbove(better.fines, worse.fines)).toBe(true);
  // Per loss scenario as well as in total.
  expect(better.scenarios).toHaveLength(5);
  better.scenarios.forEach((figures, s) => figures.forEach((x, k) => expect(notAbove(x, worse.scenarios[s]?.[k] as number)).toBe(true)));
}

const industryArb = fc.constantFrom<IndustryId>(...(INDUSTRY_IDS as IndustryId[]));
const recordsArb = fc.record({
  personal: fc.integer({ min: 0, max: 2_000_000 }),
  health: fc.integer({ min: 0, max: 2_000_000 }),
  paymentCard: fc.integer({ min: 0, max: 2_000_000 }),
  consumerFinancial: fc.integer({ min: 0, max: 2_000_000 }),
});
const answersArb = fc
  .tuple(...FACTORS.map((f) => fc.constantFrom<FactorAnswer | undefined>(undefined, 'worst', 'partial', 'best', ...(f.allowsNotApplicable ? (['notApplicable'] as const) : []))))
  .map((values) => Object.fromEntries(FACTORS.flatMap((f, i) => (values[i] === undefined ? [] : [[f.id, values[i]]]))) as FactorAnswers);
const statusArb = fc.constantFrom<'notStarted' | 'inProgress' | 'compliant' | undefined>(undefined, 'notStarted', 'inProgress', 'compliant');
const frameworksArb = fc.tuple(...FRAMEWORKS.map(() => statusArb)).map(
  (statuses) =>
    Object.fromEntries(FRAMEWORKS.flatMap((f, i) => (statuses[i] === undefined ? [] : [[f.id, { status: statuses[i] }]]))) as FrameworkStates,
);
const inputArb: fc.Arbitrary<RiskInput> = fc.record({
  organisation: fc.record({
    industry: industryArb,
    employees: fc.integer({ min: 1, max: 2_000 }),
    annualRevenueUsd: fc.double({ min: 500_000, max: 2e9, noNaN: true }),
    records: recordsArb,
    holdsEuResidentsData: fc.boolean(),
    holdsCaliforniaResidentsData: fc.boolean(),
    isPubliclyTraded: fc.boolean(),
  }),
  factors: answersArb,
  frameworks: frameworksArb,
});

describe('risk model 2.0 is monotone (property tests, common random numbers)', () => {
  for (const factor of FACTORS) {
    test(`${factor.id} ${factor.name}: a better answer never raises the expected loss, a percentile, ES99, the incident cost or fines`, () => {
      fc.assert(
        fc.property(inputArb, (input) => {
          const results = LEVELS_BEST_FIRST.map((level) => figuresOf(assessRisk({ ...input, factors: { ...input.factors, [factor.id]: level } }, OPTIONS)));
          expectNoHigher(results[0] as Figures, results[1] as Figures);
          expectNoHigher(results[1] as Figures, results[2] as Figures);
        }),
        { numRuns: 6 },
      );
    });
  }

  for (const framework of FRAMEWORKS) {
    test(`${framework.name}: notStarted → inProgress → compliant never raises any figure`, () => {
      fc.assert(
        fc.property(inputArb, fc.date({ min: new Date('2025-01-01'), max: new Date('2026-06-30'), noInvalidDate: true }), (input, since) => {
          const states = ['compliant', 'inProgress', 'notStarted'] as const;
          const results = states.map((status) => {
            const state = status === 'compliant' ? { status, since: since.toISOString().slice(0, 10) } : { status };
            return figuresOf(assessRisk({ ...input, frameworks: { ...input.frameworks, [framework.id as FrameworkId]: state } }, OPTIONS));
          });
          expectNoHigher(results[0] as Figures, results[1] as Figures);
          expectNoHigher(results[1] as Figures, results[2] as Figures);
        }),
        { numRuns: 5 },
      );
    });
  }

  for (const type of ['personal', 'health', 'paymentCard', 'consumerFinancial'] as const) {
    test(`more ${type} records never lower any figure`, () => {
      fc.assert(
        fc.property(inputArb, fc.integer({ min: 1, max: 5_000_000 }), (input, extra) => {
          const more = { ...input, organisation: { ...input.organisation, records: { ...input.organisation.records, [type]: input.organisation.records[type] + extra } } };
          expectNoHigher(figuresOf(assessRisk(input, OPTIONS)), figuresOf(assessRisk(more, OPTIONS)));
        }),
        { numRuns: 6 },
      );
    });
  }

  test('applying an extra regime never lowers expected fines (EU, California residents, public listing, GLBA, HIPAA, PCI)', () => {
    const switches: ((i: RiskInput) => RiskInput)[] = [
      (i) => ({ ...i, organisation: { ...i.organisation, holdsEuResidentsData: true } }),
      (i) => ({ ...i, organisation: { ...i.organisation, holdsCaliforniaResidentsData: true } }),
      (i) => ({ ...i, organisation: { ...i.organisation, isPubliclyTraded: true } }),
      (i) => ({ ...i, frameworks: { ...i.frameworks, glba: i.frameworks.glba ?? { status: 'notStarted' } } }),
      (i) => ({ ...i, frameworks: { ...i.frameworks, hipaa: i.frameworks.hipaa ?? { status: 'notStarted' } } }),
      (i) => ({ ...i, frameworks: { ...i.frameworks, pciDss: i.frameworks.pciDss ?? { status: 'notStarted' } } }),
    ];
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: switches.length - 1 }), (input, k) => {
        // Answers fixed (A4 included) so only applicability changes.
        const fixed = { ...input, factors: { ...input.factors, A4: 'partial' as const } };
        const before = assessRisk(fixed, OPTIONS);
        const after = assessRisk((switches[k] as (i: RiskInput) => RiskInput)(fixed), OPTIONS);
        expect(notAbove(figuresOf(before).fines, figuresOf(after).fines)).toBe(true);
        expect(notAbove(before.annualLoss.expectedUsd, after.annualLoss.expectedUsd)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  test('continuous in revenue: a 0.01% step moves the expected loss by far less than Monte Carlo noise, also at the tier edges', () => {
    const edges = [10e6, 100e6, 1e9];
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...edges, 3e6, 25e6, 300e6), (input, revenue) => {
        const at = (usd: number): RiskResult => assessRisk({ ...input, organisation: { ...input.organisation, annualRevenueUsd: usd } }, OPTIONS);
        const below = at(revenue * (1 - 1e-4));
        const above = at(revenue * (1 + 1e-4));
        const change = Math.abs(above.annualLoss.expectedUsd - below.annualLoss.expectedUsd);
        // Monte Carlo SE of one run is several percent at 20,000 years; the step must stay under a tenth of it.
        expect(change).toBeLessThan(0.1 * below.annualLoss.standardErrorUsd);
      }),
      { numRuns: 20 },
    );
  });
});

describe('unknown answers', () => {
  const base: RiskInput = {
    organisation: { industry: 'healthcare', employees: 80, annualRevenueUsd: 12e6, records: { personal: 20_000, health: 20_000, paymentCard: 0, consumerFinancial: 0 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false },
    factors: {},
    frameworks: {},
  };

  test('an unknown answer lies between its best and worst answers, and the result reports how far it moves the number', () => {
    const ids: FactorId[] = ['M3', 'M5', 'M2', 'A3'];
    for (const id of ids) {
      const r = assessRisk({ ...base, factors: { [id]: 'unknown' } }, OPTIONS);
      const effect = r.unknownFactors.find((u) => u.factorId === id);
      expect(effect).toBeDefined();
      const best = assessRisk({ ...base, factors: { [id]: 'best' } }, OPTIONS).annualLoss.expectedUsd;
      const worst = assessRisk({ ...base, factors: { [id]: 'worst' } }, OPTIONS).annualLoss.expectedUsd;
      expect(effect?.expectedAnnualLossIfBestUsd).toBeCloseTo(best, 6);
      expect(effect?.expectedAnnualLossIfWorstUsd).toBeCloseTo(worst, 6);
      expect(r.annualLoss.expectedUsd).toBeGreaterThan(best);
      expect(r.annualLoss.expectedUsd).toBeLessThan(worst);
      // Named as the questionnaire names it, never by its code (ADR 314).
      expect(r.warnings.some((w) => w.code === 'factorsUnknown' && w.message.includes(`“${getFactor(id).name}”`) && !/\b[AM]\d{1,2}\b/.test(w.message))).toBe(true);
    }
    expect(assessRisk(base, OPTIONS).unknownFactors).toEqual([]);
  });

  test('unknown answers widen the spread of annual losses against the average answer, without moving the loss draws', () => {
    const all = (a: FactorAnswer): FactorAnswers => Object.fromEntries(FACTORS.map((f) => [f.id, a]));
    const average = assessRisk({ ...base, factors: all('partial') }, { ...OPTIONS, iterations: 50_000 });
    const unknown = assessRisk({ ...base, factors: all('unknown') }, { ...OPTIONS, iterations: 50_000 });
    expect(unknown.annualLoss.standardDeviationUsd).toBeGreaterThan(average.annualLoss.standardDeviationUsd);
    // Relative to the mean: with loss scenarios (ADR 223) the prevalence mix of unknown answers has a lower mean
    // than all answers at "partial", so the spread and the tail (ES99, steadier than one percentile) are compared
    // as multiples of each run's expected loss.
    const relative = (r: typeof average, x: number): number => x / r.annualLoss.expectedUsd;
    expect(relative(unknown, unknown.annualLoss.standardDeviationUsd)).toBeGreaterThan(relative(average, average.annualLoss.standardDeviationUsd));
    expect(relative(unknown, unknown.annualLoss.expectedShortfall99Usd)).toBeGreaterThan(relative(average, average.annualLoss.expectedShortfall99Usd));
    // HIPAA applies (health records held) but its status was never given: it is no evidence, so A4 stays unknown (ADR 214).
    expect(unknown.unknownFactors.map((u) => u.factorId)).toEqual(FACTORS.map((f) => f.id));
  }, 60_000);

  test('with every answer unknown, attribution still runs and its Shapley sum is exact', () => {
    const all = Object.fromEntries(FACTORS.map((f) => [f.id, 'unknown'])) as FactorAnswers;
    const r = assessRisk({ ...base, factors: all }, { ...OPTIONS, iterations: 10_000, attribution: true });
    const s = r.attribution?.shapley;
    expect(Math.abs((s?.sumUsd ?? 0) - (s?.targetUsd ?? 1))).toBeLessThan(1e-6 * Math.max(1, Math.abs(s?.targetUsd ?? 1)));
    expect((r.recommendations ?? []).length + (r.recommendationsNotWorthIt ?? []).length).toBeGreaterThan(0);
  }, 60_000);

  // ADR 265: "at least partial" evidence keeps the answer unknown and lifts only its "No" years, so it never costs more than "I don't know".
  test('compliance evidence narrows an unknown answer from below and never raises it', () => {
    const unknown = assessRisk({ ...base, factors: { M1: 'unknown' } }, OPTIONS);
    const r = assessRisk({ ...base, factors: { M1: 'unknown' }, frameworks: { iso27001: { status: 'compliant' } } }, OPTIONS);
    expect(r.factorAnswers.M1).toBe('unknown');
    expect(r.annualLoss.expectedUsd).toBeLessThan(unknown.annualLoss.expectedUsd);
    expect(r.annualLoss.percentilesUsd.p99).toBeLessThanOrEqual(unknown.annualLoss.percentilesUsd.p99);
    const partial = assessRisk({ ...base, factors: { M1: 'partial' }, frameworks: { iso27001: { status: 'compliant' } } }, OPTIONS);
    expect(r.annualLoss.expectedUsd).toBeLessThan(partial.annualLoss.expectedUsd);
  });

  test('Shapley contributions still add up with unknown answers', () => {
    const r = assessRisk({ ...base, factors: { M1: 'unknown', M4: 'unknown', A3: 'worst', M7: 'best' } }, { ...OPTIONS, attribution: true });
    const s = r.attribution?.shapley;
    expect(s).toBeDefined();
    expect(Math.abs((s?.sumUsd ?? 0) - (s?.targetUsd ?? 1))).toBeLessThan(1e-6 * Math.max(1, Math.abs(s?.targetUsd ?? 1)));
    expect(s?.targetUsd).toBeCloseTo(r.annualLoss.expectedUsd - (s?.averageProfileAleUsd ?? 0), 6);
  });
});

describe('employees, tail measures and the insurance view', () => {
  const base: RiskInput = {
    organisation: { industry: 'financialServices', employees: 60, annualRevenueUsd: 9e6, records: { personal: 30_000, health: 0, paymentCard: 0, consumerFinancial: 30_000 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false },
    factors: {},
    frameworks: {},
  };

  test('headcount drives the response cost: more employees never lower the figures, and 1 vs 100,000 employees differ (audit finding 4)', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 50_000 }), (input, extra) => {
        const more = { ...input, organisation: { ...input.organisation, employees: input.organisation.employees + extra } };
        expectNoHigher(figuresOf(assessRisk(input, OPTIONS)), figuresOf(assessRisk(more, OPTIONS)));
      }),
      { numRuns: 8 },
    );
    const at = (employees: number): number => assessRisk({ ...base, organisation: { ...base.organisation, employees } }, OPTIONS).annualLoss.expectedUsd;
    expect(at(100_000)).toBeGreaterThan(at(1));
  });

  test('record counts drive the notification cost: 0 vs 10M records differ (audit finding 4)', () => {
    const at = (n: number): RiskResult => assessRisk({ ...base, organisation: { ...base.organisation, records: { personal: n, health: 0, paymentCard: 0, consumerFinancial: 0 } } }, OPTIONS);
    const none = at(0);
    const many = at(10_000_000);
    expect(many.annualLoss.expectedUsd).toBeGreaterThan(none.annualLoss.expectedUsd);
    expect(none.costBreakdown.find((c) => c.category === 'notificationAndMonitoring')?.expectedAnnualUsd).toBe(0);
  });

  test('recommendation tail effects use ES99, which stays distinct and positive where a P95 collapses (audit finding 8)', () => {
    const r = assessRisk({ ...base, factors: { M4: 'worst', M5: 'worst', M3: 'partial' } }, { iterations: 50_000, seed: 3 });
    const all = [...(r.recommendations ?? []), ...(r.recommendationsNotWorthIt ?? [])];
    const m4 = all.find((x) => x.factorId === 'M4');
    const m5 = all.find((x) => x.factorId === 'M5');
    expect(m4?.expectedShortfall99ReductionUsd).toBeGreaterThan(0);
    expect(m5?.expectedShortfall99ReductionUsd).toBeGreaterThan(0);
    expect(m4?.expectedShortfall99ReductionUsd).not.toBe(m5?.expectedShortfall99ReductionUsd);
    for (const x of r.recommendations ?? []) expect(x.returnOnSecurityInvestment).toBeGreaterThanOrEqual(0);
  });

  test('insurance view: the limit it reports as covering a 1-in-100 year does cover it; a smaller limit covers its share', () => {
    const bare = assessRisk(base, OPTIONS);
    const view = bare.insuranceView;
    expect(view.oneInHundredYearLossUsd).toBe(bare.annualLoss.percentilesUsd.p99);
    expect(view.expectedShortfall99Usd).toBe(bare.annualLoss.expectedShortfall99Usd);
    expect(view.policyLimitUsd).toBeNull();
    expect(view.recoveredInOneInHundredYearUsd).toBe(0);
    // Without retention or coinsurance everything is insurable: the covering limit is the year's loss.
    expect(view.limitToCoverOneInHundredYearUsd).toBeCloseTo(view.oneInHundredYearLossUsd, 6);
    const limit = view.limitToCoverOneInHundredYearUsd / 2;
    const half = assessRisk({ ...base, insurance: { limitUsd: limit, retentionUsd: 0 } }, OPTIONS).insuranceView;
    expect(half.policyLimitUsd).toBe(limit);
    expect(half.recoveredInOneInHundredYearUsd).toBeCloseTo(limit, 6);
    expect(half.coveredShareOfOneInHundredYear).toBeCloseTo(0.5, 6);
    expect(half.uncoveredInOneInHundredYearUsd).toBeCloseTo(view.oneInHundredYearLossUsd - limit, 6);
    expect(half.expectedRecoveredAnnualUsd).toBeGreaterThan(0);
    const full = assessRisk({ ...base, insurance: { limitUsd: view.limitToCoverOneInHundredYearUsd, retentionUsd: 0 } }, OPTIONS).insuranceView;
    expect(full.coveredShareOfOneInHundredYear).toBeCloseTo(1, 9);
  });
});
