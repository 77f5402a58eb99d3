import { FACTOR_IDS, type FactorAnswer } from './factors.ts';
import type { IndustryId } from './industries.ts';
import type { FactorAnswers, RiskInput } from './risk-input.ts';

const NO_RECORDS = { personal: 0, health: 0, paymentCard: 0, consumerFinancial: 0 } as const;

/** A neutral starting input: an average-posture organisation with nothing answered yet. */
export function createDefaultRiskInput(industry: IndustryId = 'other', employees = 100, annualRevenueUsd = 20_000_000): RiskInput {
  return {
    organisation: {
      industry,
      employees,
      annualRevenueUsd,
      records: { ...NO_RECORDS },
      holdsEuResidentsData: false,
      holdsCaliforniaResidentsData: false,
      isPubliclyTraded: false,
    },
    factors: {},
    frameworks: {},
  };
}

/** Every factor at the same answer. */
export function createUniformAnswers(answer: Exclude<FactorAnswer, 'notApplicable'>): FactorAnswers {
  return Object.fromEntries(FACTOR_IDS.map((id) => [id, answer])) as FactorAnswers;
}

/**
 * A 120-person outpatient clinic (the demo profile): $18M revenue, patient
 * health and payment data, HIPAA risk analysis in progress, PCI DSS
 * validated, mixed posture.
 */
export const SAMPLE_CLINIC_INPUT: RiskInput = {
  organisation: {
    name: 'Riverside Family Clinic (sample)',
    industry: 'healthcare',
    employees: 120,
    annualRevenueUsd: 18_000_000,
    records: { personal: 42_000, health: 40_000, paymentCard: 6_000, consumerFinancial: 0 },
    holdsEuResidentsData: false,
    holdsCaliforniaResidentsData: false,
    isPubliclyTraded: false,
  },
  factors: {
    M1: 'partial', M2: 'worst', M3: 'partial', M4: 'partial', M5: 'partial', M6: 'partial', M7: 'partial', M8: 'partial',
    M9: 'worst', M10: 'notApplicable', M11: 'partial',
    A1: 'worst', A2: 'partial', A3: 'worst', A5: 'partial', A6: 'worst', A7: 'partial', A8: 'best',
  },
  frameworks: {
    hipaa: { status: 'inProgress' },
    pciDss: { status: 'compliant', since: '2025-03-01' },
    nistCsf: { status: 'notApplicable' },
  },
  insurance: { limitUsd: 2_000_000, retentionUsd: 50_000 },
};

/** The reference profiles of the 1.0 design's worked example (ADR 010), with the figures of its table. */
export const REFERENCE_PROFILES = [
  {
    id: 'manufacturerAverage',
    label: 'Manufacturer, $50M revenue, average posture',
    input: { ...createDefaultRiskInput('manufacturing', 200, 50_000_000), factors: createUniformAnswers('partial') },
    published: { probabilityOfAnyEvent: 0.1, aleUsd: 317_000, p95Usd: 665_000, p99Usd: 7_100_000, probabilityAbove1m: 0.041 },
  },
  {
    id: 'healthcareAverage',
    label: 'Healthcare, $20M revenue, average posture (HIPAA fines on)',
    input: {
      ...createDefaultRiskInput('healthcare', 120, 20_000_000),
      organisation: { ...createDefaultRiskInput('healthcare', 120, 20_000_000).organisation, records: { ...NO_RECORDS, health: 30_000 } },
      factors: createUniformAnswers('partial'),
    },
    published: { probabilityOfAnyEvent: 0.082, aleUsd: 317_000, p95Usd: 665_000, p99Usd: 8_800_000, probabilityAbove1m: 0.042 },
  },
  {
    id: 'financialAverage',
    label: 'Financial, $80M revenue, average posture (fines on)',
    input: {
      ...createDefaultRiskInput('financialServices', 150, 80_000_000),
      organisation: { ...createDefaultRiskInput('financialServices', 150, 80_000_000).organisation, records: { ...NO_RECORDS, consumerFinancial: 50_000 } },
      factors: createUniformAnswers('partial'),
    },
    published: { probabilityOfAnyEvent: 0.06, aleUsd: 210_000, p95Usd: 172_000, p99Usd: 3_900_000, probabilityAbove1m: 0.026 },
  },
  {
    id: 'manufacturerBest',
    label: 'Manufacturer $50M, all-best answers',
    input: { ...createDefaultRiskInput('manufacturing', 200, 50_000_000), factors: createUniformAnswers('best') },
    published: { probabilityOfAnyEvent: 0.047, aleUsd: 67_000, p95Usd: 0, p99Usd: 1_200_000, probabilityAbove1m: 0.011 },
  },
  {
    id: 'manufacturerWorst',
    label: 'Manufacturer $50M, all-worst answers',
    input: { ...createDefaultRiskInput('manufacturing', 200, 50_000_000), factors: createUniformAnswers('worst') },
    published: { probabilityOfAnyEvent: 0.145, aleUsd: 864_000, p95Usd: 2_900_000, p99Usd: 21_300_000, probabilityAbove1m: 0.083 },
  },
] as const satisfies readonly { id: string; label: string; input: RiskInput; published: Record<string, number> }[];
