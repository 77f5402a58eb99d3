// ADR 265: compliance evidence never raises a figure; regimes phase in with their record count.
// Every comparison runs both inputs on the same seed and year count (common random numbers), so
// the claim-versus-no-claim comparison is exact, not statistical.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { FACTORS } from './factors.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import { FRAMEWORKS, NIST_CSF_FUNCTIONS } from './frameworks.ts';
import type { FrameworkId, FrameworkStatus } from './frameworks.ts';
import { INDUSTRY_IDS } from './industries.ts';
import type { IndustryId } from './industries.ts';
import type { FactorAnswers, FrameworkStates, RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';

/** The factors each framework (but NIST CSF) gives evidence for. */
const FRAMEWORK_FACTORS = Object.fromEntries(FRAMEWORKS.map((f) => [f.id, f.evidence.map((e) => e.factorId)])) as unknown as Record<FrameworkId, readonly FactorId[]>;
const coversFactor = (framework: FrameworkId, factorId: FactorId): boolean => FRAMEWORK_FACTORS[framework].includes(factorId);

const RUN = { seed: 7, iterations: 6_000, attribution: false, parameterUncertainty: false } as const;
const CLAIMABLE: readonly Exclude<FrameworkId, 'nistCsf'>[] = ['iso27001', 'soc2', 'pciDss', 'hipaa', 'sox', 'glba'];
const BASE_STATUSES: readonly (FrameworkStatus | 'absent')[] = ['absent', 'absent', 'unknown', 'notStarted', 'inProgress'];

const recordsArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 }));
const answerArb = (allowed: readonly (FactorAnswer | undefined)[]) => fc.tuple(...FACTORS.map(() => fc.constantFrom(...allowed)));
const toAnswers = (levels: readonly (FactorAnswer | undefined)[]): FactorAnswers =>
  Object.fromEntries(FACTORS.flatMap((f, i) => (levels[i] === undefined ? [] : [[f.id, levels[i]]]))) as FactorAnswers;

const profileArb = fc.record({
  industry: fc.constantFrom<IndustryId>(...(INDUSTRY_IDS as IndustryId[])),
  employees: fc.integer({ min: 10, max: 500 }),
  annualRevenueUsd: fc.double({ min: Math.log(1e6), max: Math.log(5e8), noNaN: true }).map((x) => Math.round(Math.exp(x))),
  records: fc.record({ personal: recordsArb, health: recordsArb, paymentCard: recordsArb, consumerFinancial: recordsArb }),
  holdsEuResidentsData: fc.boolean(),
  holdsCaliforniaResidentsData: fc.boolean(),
  isPubliclyTraded: fc.boolean(),
});

const baseFrameworksArb: fc.Arbitrary<FrameworkStates> = fc.tuple(...CLAIMABLE.map(() => fc.constantFrom(...BASE_STATUSES))).map(
  (statuses) => Object.fromEntries(CLAIMABLE.flatMap((id, i) => (statuses[i] === 'absent' ? [] : [[id, { status: statuses[i] }]]))) as FrameworkStates,
);

const inputArb = fc.record({
  organisation: profileArb,
  factors: answerArb(['worst', 'partial', 'best', 'unknown', 'unknown', undefined]).map(toAnswers),
  frameworks: baseFrameworksArb,
});

const tiersArb = fc.record(Object.fromEntries(NIST_CSF_FUNCTIONS.map((fn) => [fn, fc.integer({ min: 1, max: 4 })])) as Record<(typeof NIST_CSF_FUNCTIONS)[number], fc.Arbitrary<number>>, {
  requiredKeys: [],
});

/** The figures the board sees: expected loss, median and severe incident, 1-in-20 and 1-in-100 year. */
function figures(r: RiskResult): Record<string, number> {
  return {
    expectedLoss: r.annualLoss.expectedUsd,
    medianIncident: r.costIfItHappens.percentilesUsd.p50,
    severeIncident: r.costIfItHappens.percentilesUsd.p95,
    oneIn20: r.annualLoss.percentilesUsd.p95,
    oneIn100: r.annualLoss.percentilesUsd.p99,
    expectedShortfall99: r.annualLoss.expectedShortfall99Usd,
  };
}

let checks = 0;
function expectNoFigureRaised(without: RiskResult, withEvidence: RiskResult, label: string): void {
  const before = figures(without);
  const after = figures(withEvidence);
  for (const key of Object.keys(before)) {
    checks += 1;
    // Exact up to float rounding: the same draws, each incident's cost no higher.
    expect(after[key], `${label}: ${key}`).toBeLessThanOrEqual((before[key] as number) * (1 + 1e-12));
  }
}

describe('evidence never raises a figure (ADR 265)', () => {
  test('a current certificate or compliance claim never raises the expected loss, incident or tail figures', () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...CLAIMABLE), (input: RiskInput, claimed) => {
        const without = assessRisk(input, RUN);
        const claim = assessRisk({ ...input, frameworks: { ...input.frameworks, [claimed]: { status: 'compliant' } } }, RUN);
        expectNoFigureRaised(without, claim, `${claimed} compliant`);
      }),
      { numRuns: 40, seed: 265 },
    );
    expect(checks).toBeGreaterThanOrEqual(240);
  }, 120_000);

  test('a self-declared NIST CSF tier never raises a figure, whatever the tiers', () => {
    fc.assert(
      fc.property(inputArb, tiersArb, (input: RiskInput, tiers) => {
        const without = assessRisk(input, RUN);
        const declared = assessRisk({ ...input, frameworks: { ...input.frameworks, nistCsf: { status: 'inProgress', nistCsfTiers: tiers } } }, RUN);
        expectNoFigureRaised(without, declared, 'NIST CSF tiers');
      }),
      { numRuns: 25, seed: 266 },
    );
  }, 120_000);

  test('evidence never moves an unknown answer above "I don\'t know": one unknown factor, every framework covering it', () => {
    const organisation = { industry: 'healthcare' as const, employees: 120, annualRevenueUsd: 18e6, records: { personal: 42_000, health: 40_000, paymentCard: 6_000, consumerFinancial: 0 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false };
    for (const framework of CLAIMABLE) {
      for (const f of FACTORS) {
        const input: RiskInput = { organisation, factors: { [f.id]: 'unknown' }, frameworks: {} };
        expectNoFigureRaised(assessRisk(input, RUN), assessRisk({ ...input, frameworks: { [framework]: { status: 'compliant' } } }, RUN), `${framework} on ${f.id}`);
      }
    }
  }, 120_000);

  test('the "I don\'t know" range stops at the evidence: its worst end takes a floored factor at "partial"', () => {
    const organisation = { industry: 'manufacturing' as const, employees: 80, annualRevenueUsd: 20e6, records: { personal: 5_000, health: 0, paymentCard: 0, consumerFinancial: 0 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false };
    const frameworks = { iso27001: { status: 'compliant' as const } };
    const withEvidence = assessRisk({ organisation, factors: { M1: 'unknown', M5: 'unknown' }, frameworks }, { ...RUN, parameterUncertainty: true });
    const answered = assessRisk({ organisation, factors: { M1: 'partial', M5: 'worst' }, frameworks }, RUN);
    // M1 is covered by the certificate (floor "partial"), M5 is not (worst stays worst).
    expect(withEvidence.unknownAnswersRangeUsd?.high).toBeCloseTo(answered.annualLoss.expectedUsd, 6);
  }, 60_000);

  test('a compliance claim for a regime with no records in scope adds no fines', () => {
    const organisation = { industry: 'manufacturing' as const, employees: 80, annualRevenueUsd: 20e6, records: { personal: 5_000, health: 0, paymentCard: 0, consumerFinancial: 0 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false };
    const none = assessRisk({ organisation, factors: {}, frameworks: {} }, RUN);
    for (const framework of ['pciDss', 'glba', 'hipaa'] as const) {
      const claim = assessRisk({ organisation, factors: {}, frameworks: { [framework]: { status: 'compliant' } } }, RUN);
      const regime = claim.fines.regimes.find((r) => r.regime === framework);
      expect(regime?.isApplicable).toBe(false);
      expect(regime?.expectedAnnualUsd).toBe(0);
      expect(claim.annualLoss.expectedUsd).toBeLessThanOrEqual(none.annualLoss.expectedUsd);
    }
    // Marked in scope without a claim, the regime still applies: the user says it does.
    const inScope = assessRisk({ organisation, factors: {}, frameworks: { pciDss: { status: 'inProgress' } } }, RUN);
    expect(inScope.fines.regimes.find((r) => r.regime === 'pciDss')?.expectedAnnualUsd).toBeGreaterThan(0);
  }, 60_000);
});

describe('regimes phase in smoothly with their record count (ADR 265)', () => {
  const RECORD_TYPES = ['personal', 'health', 'paymentCard', 'consumerFinancial'] as const;
  test('the first record of a new type adds under 2% to the expected loss and never lowers it', () => {
    fc.assert(
      fc.property(
        profileArb,
        // A4 is answered: which regimes apply decides whether their statuses can settle A4 (a statement, not a price).
        answerArb(['worst', 'partial', 'best', 'unknown', undefined]).map((levels) => ({ ...toAnswers(levels), A4: 'partial' as const })),
        fc.constantFrom(...RECORD_TYPES),
        (organisation, factors, type) => {
          const without = { ...organisation, records: { ...organisation.records, [type]: 0 } };
          const withOne = { ...organisation, records: { ...organisation.records, [type]: 1 } };
          const a = assessRisk({ organisation: without, factors, frameworks: {} }, RUN).annualLoss.expectedUsd;
          const b = assessRisk({ organisation: withOne, factors, frameworks: {} }, RUN).annualLoss.expectedUsd;
          expect(b).toBeGreaterThanOrEqual(a * (1 - 1e-12));
          expect(b / a - 1).toBeLessThan(0.02);
        },
      ),
      { numRuns: 40, seed: 267 },
    );
  }, 120_000);

  test('the fine of a regime grows with its records up to the 500-record threshold, then stays', () => {
    const organisation = { industry: 'healthcare' as const, employees: 60, annualRevenueUsd: 12e6, records: { personal: 20_000, health: 0, paymentCard: 0, consumerFinancial: 0 }, holdsEuResidentsData: false, holdsCaliforniaResidentsData: false, isPubliclyTraded: false };
    const hipaaFine = (health: number) =>
      assessRisk({ organisation: { ...organisation, records: { ...organisation.records, health } }, factors: {}, frameworks: {} }, RUN).fines.regimes.find((r) => r.regime === 'hipaa')?.expectedAnnualUsd ?? 0;
    const at = [1, 50, 250, 500, 5_000].map(hipaaFine);
    expect(at[0]).toBeLessThan((at[3] as number) * 0.02);
    expect(at[1]).toBeLessThan(at[2] as number);
    expect(at[2]).toBeLessThan(at[3] as number);
    expect(at[4]).toBeCloseTo(at[3] as number, 6);
  }, 60_000);
});

describe('evidence ordering: audited ≥ self-attested ≥ self-declared ≥ unknown (ADR 265)', () => {
  const AUDITED = ['iso27001', 'soc2', 'pciDss'] as const;
  const SELF_ATTESTED = ['hipaa', 'glba', 'sox'] as const;
  const allTiers = (tier: number) => ({ status: 'inProgress' as const, nistCsfTiers: Object.fromEntries(NIST_CSF_FUNCTIONS.map((fn) => [fn, tier])) });
  const knownArb = answerArb(['worst', 'partial', 'best']).map(toAnswers);

  test('for one unknown factor, each kind of evidence covering it counts at least as much as the weaker kinds', () => {
    fc.assert(
      fc.property(profileArb, knownArb, fc.constantFrom(...FACTORS.map((f) => f.id)), (organisation, known, factorId) => {
        const factors = { ...known, [factorId]: 'unknown' as const };
        const ale = (frameworks: FrameworkStates) => assessRisk({ organisation, factors, frameworks }, RUN).annualLoss.expectedUsd;
        const unknown = ale({});
        const covering = (ids: readonly Exclude<FrameworkId, 'nistCsf'>[]) => ids.filter((id) => coversFactor(id, factorId));
        const tier = ale({ nistCsf: allTiers(4) });
        const attested = covering(SELF_ATTESTED).map((id) => ale({ [id]: { status: 'compliant' } }));
        const audited = covering(AUDITED).map((id) => ale({ [id]: { status: 'compliant' } }));
        const eps = 1 + 1e-12;
        expect(tier).toBeLessThanOrEqual(unknown * eps);
        for (const a of attested) expect(a).toBeLessThanOrEqual(unknown * eps);
        // Where a self-declared tier speaks for the factor, any audited or attested evidence for it counts at least as much.
        if (tier < unknown) for (const a of [...attested, ...audited]) expect(a).toBeLessThanOrEqual(tier * eps);
        for (const a of audited) for (const s of attested) expect(a).toBeLessThanOrEqual(s * eps);
      }),
      { numRuns: 30, seed: 264 },
    );
  }, 120_000);

  test('a self-declared tier alone moves the loss no more than the audited certificate covering the same controls', () => {
    fc.assert(
      fc.property(profileArb, knownArb, fc.constantFrom(...AUDITED), (organisation, known, certificate) => {
        // Unknown exactly where the certificate speaks, so the tier can act only on the same controls.
        const covered = FRAMEWORK_FACTORS[certificate];
        const factors = { ...known, ...Object.fromEntries(covered.map((id) => [id, 'unknown'])) };
        const ale = (frameworks: FrameworkStates) => assessRisk({ organisation, factors, frameworks }, RUN).annualLoss.expectedUsd;
        const none = ale({});
        const tierMove = none - Math.min(ale({ nistCsf: allTiers(4) }), ale({ nistCsf: allTiers(1) }), ale({ nistCsf: allTiers(2) }));
        const certificateMove = none - ale({ [certificate]: { status: 'compliant' } });
        expect(tierMove).toBeLessThanOrEqual(certificateMove * (1 + 1e-9) + 1e-9);
        expect(certificateMove).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 30, seed: 265 },
    );
  }, 120_000);
});
