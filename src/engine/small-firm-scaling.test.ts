import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { INDUSTRY_IDS } from './industries.ts';
import type { IndustryId } from './industries.ts';
import { buildModelParameters, smallFirmScaleForRevenue } from './model-parameters.ts';
import type { RecordsHeld, RiskInput } from './risk-input.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';

// ADR 213: the small end of the size scale. A $1-5M firm's median incident must lie in the published
// range of shares of revenue; firms at or above the knee keep their figures; every figure stays
// continuous and monotone in revenue, employees and records.

const LOW_SHARE = CALIBRATION.smallFirmMedianLossShareLow.value;
const HIGH_SHARE = CALIBRATION.smallFirmMedianLossShareHigh.value;
const KNEE = CALIBRATION.smallFirmKneeRevenueUsd.value;
const NO_RECORDS: RecordsHeld = { personal: 0, health: 0, paymentCard: 0, consumerFinancial: 0 };

function profile(industry: IndustryId, employees: number, revenueUsd: number, records: Partial<RecordsHeld> = {}): RiskInput {
  const base = createDefaultRiskInput(industry, employees, revenueUsd);
  return { ...base, organisation: { ...base.organisation, records: { ...NO_RECORDS, ...records } } };
}

/** Typical small firms: about 2,500 people on file per $1M of revenue where they hold personal data (assumption of the test). */
const SMALL_FIRMS: readonly { readonly label: string; readonly input: RiskInput }[] = [1e6, 2e6, 5e6].flatMap((revenue) => {
  const millions = revenue / 1e6;
  const staff = Math.round(7.5 * millions);
  const people = 2_500 * millions;
  return [
    { label: `$${millions}M medical practice`, input: profile('healthcare', staff, revenue, { health: people, personal: people }) },
    { label: `$${millions}M accounting firm`, input: profile('professionalServices', staff, revenue, { personal: people }) },
    { label: `$${millions}M shop taking cards`, input: profile('retail', staff, revenue, { paymentCard: 4 * people }) },
    { label: `$${millions}M lender`, input: profile('financialServices', staff, revenue, { consumerFinancial: people }) },
    { label: `$${millions}M workshop`, input: profile('manufacturing', staff, revenue) },
  ];
});

const RUN = { iterations: 200_000, seed: 7, attribution: false } as const;
const medianIncident = (input: RiskInput, options: { iterations: number; seed: number } = RUN): number =>
  assessRisk(input, { ...options, attribution: false }).costIfItHappens.percentilesUsd.p50;

describe('small firms: the median incident as a share of revenue (ADR 213)', () => {
  test('the published range is the IRIS all-size median (0.65%) to the 5% materiality line', () => {
    expect(LOW_SHARE).toBe(0.0065);
    expect(HIGH_SHARE).toBe(0.05);
  });

  test.each(SMALL_FIRMS)('$label: median incident inside the published range', ({ input }) => {
    const share = medianIncident(input) / input.organisation.annualRevenueUsd;
    expect(share).toBeGreaterThanOrEqual(LOW_SHARE);
    expect(share).toBeLessThanOrEqual(HIGH_SHARE);
  });

  test('the $2M clinic of the audit (15 staff, 5,000 patients, HIPAA never asked) is inside the range, where it was 6.8%', () => {
    const clinic = profile('healthcare', 15, 2e6, { health: 5_000, personal: 5_000 });
    const share = medianIncident(clinic) / 2e6;
    expect(share).toBeGreaterThanOrEqual(LOW_SHARE);
    expect(share).toBeLessThanOrEqual(HIGH_SHARE);
  });
});

describe('the small-firm scale leaves larger firms alone', () => {
  test('it is 1 at and above the knee and (revenue / knee)^b below it', () => {
    const b = CALIBRATION.smallFirmScaleExponent.value;
    for (const revenue of [KNEE, 18e6, 50e6, 2e9]) expect(smallFirmScaleForRevenue(revenue)).toBe(1);
    expect(smallFirmScaleForRevenue(2e6)).toBeCloseTo(Math.pow(2e6 / KNEE, b), 12);
    expect(smallFirmScaleForRevenue(1e6)).toBeLessThan(smallFirmScaleForRevenue(5e6));
  });

  test('records costs, fines and ransoms carry the scale; the response and interruption medians do not', () => {
    const org = profile('healthcare', 15, 2e6, { health: 5_000 }).organisation;
    const small = buildModelParameters(org, {});
    const atKnee = buildModelParameters({ ...org, annualRevenueUsd: KNEE }, {});
    const scale = smallFirmScaleForRevenue(2e6);
    const sizeRatio = small.sizeScale / atKnee.sizeScale;
    expect(small.smallFirmScale).toBe(scale);
    expect(atKnee.smallFirmScale).toBe(1);
    expect(small.recordsCostAllExposedUsd).toBeCloseTo(atKnee.recordsCostAllExposedUsd * scale, 6);
    expect(small.fine.medianUsd).toBeCloseTo(atKnee.fine.medianUsd * sizeRatio * scale, 6);
    expect(small.ransom.medianUsd).toBeCloseTo(atKnee.ransom.medianUsd * sizeRatio * scale, 6);
    expect(small.responseMedianUsd).toBe(atKnee.responseMedianUsd);
  });
});

const industryArb = fc.constantFrom<IndustryId>(...(INDUSTRY_IDS as readonly IndustryId[]));
/** Firms up to $300M; each record type is either not held or held from `minHeld` up. */
function smeArb(minHeld: number) {
  const held = fc.integer({ min: minHeld, max: 500_000 });
  const maybeHeld = fc.oneof(fc.constant(0), held);
  return fc.record({
    industry: industryArb,
    employees: fc.integer({ min: 1, max: 1_000 }),
    revenueUsd: fc.double({ min: 500_000, max: 300e6, noNaN: true }),
    records: fc.record({ personal: held, health: maybeHeld, paymentCard: maybeHeld, consumerFinancial: maybeHeld }),
  });
}
type Sme = { industry: IndustryId; employees: number; revenueUsd: number; records: RecordsHeld };
const toInput = (s: Sme): RiskInput => profile(s.industry, s.employees, s.revenueUsd, s.records);

/** Neighbouring values of each size input: +1% revenue, one more employee, 1% (at least one) more of each record type held. */
const NEIGHBOURS: readonly { readonly name: string; readonly step: (s: Sme) => Sme }[] = [
  { name: 'revenue', step: (s) => ({ ...s, revenueUsd: s.revenueUsd * 1.01 }) },
  { name: 'employees', step: (s) => ({ ...s, employees: s.employees + 1 }) },
  {
    name: 'records',
    // Types already held only: holding a first health record switches HIPAA on, a legal threshold, not a scale (ADR 213).
    step: (s) => ({
      ...s,
      records: Object.fromEntries(
        Object.entries(s.records).map(([k, n]) => [k, n === 0 ? 0 : Math.ceil(n * 1.01)]),
      ) as unknown as RecordsHeld,
    }),
  },
];
const MAX_STEP = 0.05;
const STEP_RUN = { iterations: 20_000, seed: 11 };

describe('continuous and monotone in revenue, employees and records (property tests)', () => {
  // From 100 records up, "+1%" is a 1% step of the input; below, one more record is a step of up to 100%.
  test.each(NEIGHBOURS)('one step in $name moves no severity parameter down and none by more than 5%', ({ step }) => {
    fc.assert(
      fc.property(smeArb(100), (s) => {
        const a = buildModelParameters(toInput(s).organisation, {});
        const b = buildModelParameters(toInput(step(s)).organisation, {});
        const pairs: [number, number][] = [
          [a.medianUsd, b.medianUsd],
          [a.recordsCostAllExposedUsd, b.recordsCostAllExposedUsd],
          [a.fine.medianUsd, b.fine.medianUsd],
          [a.ransom.medianUsd, b.ransom.medianUsd],
          // The core median of each named loss scenario (ADR 223).
          ...Array.from(a.coreMultiplierByLossScenario, (k, i): [number, number] => [
            a.medianUsd * k,
            b.medianUsd * (b.coreMultiplierByLossScenario[i] as number),
          ]),
        ];
        for (const [before, after] of pairs) {
          expect(after).toBeGreaterThanOrEqual(before * (1 - 1e-12));
          expect(after).toBeLessThanOrEqual(before * (1 + MAX_STEP));
        }
      }),
      { numRuns: 300 },
    );
  });

  test.each(NEIGHBOURS)(
    'one step in $name moves the expected loss and the median incident by less than 5%',
    ({ step }) => {
      fc.assert(
        fc.property(smeArb(1), (s) => {
          const a = assessRisk(toInput(s), { ...STEP_RUN, attribution: false });
          const b = assessRisk(toInput(step(s)), { ...STEP_RUN, attribution: false });
          expect(Math.abs(b.annualLoss.expectedUsd / a.annualLoss.expectedUsd - 1)).toBeLessThan(MAX_STEP);
          expect(Math.abs(b.costIfItHappens.percentilesUsd.p50 / a.costIfItHappens.percentilesUsd.p50 - 1)).toBeLessThan(MAX_STEP);
        }),
        { numRuns: 25 },
      );
    },
    120_000,
  );

  test('across the knee: the step from just below to just above $10M is as small as any other', () => {
    const below = profile('healthcare', 40, KNEE * 0.999, { health: 25_000 });
    const above = profile('healthcare', 40, KNEE * 1.001, { health: 25_000 });
    const ratio = medianIncident(above, STEP_RUN) / medianIncident(below, STEP_RUN);
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThan(1.01);
  });
});
