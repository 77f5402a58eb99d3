import { createDefaultRiskInput, REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';

/**
 * The organisations the board-pack tests run through: the sample clinic, two reference profiles,
 * and two small firms a CFO tried (ADR 270): a 25-person dental practice with few controls and a
 * 70-person financial firm with no MFA and a $1M policy.
 */

const dental = createDefaultRiskInput('healthcare', 25, 3_000_000);
export const DENTAL_PRACTICE_INPUT: RiskInput = {
  ...dental,
  organisation: { ...dental.organisation, name: 'Bright Smile Dental', records: { personal: 6_000, health: 6_000, paymentCard: 0, consumerFinancial: 0 } },
  factors: { M1: 'worst', M2: 'worst', M3: 'worst', M4: 'partial', M5: 'worst', M6: 'worst', M7: 'worst', M8: 'partial', M9: 'worst', M10: 'notApplicable', M11: 'worst', A1: 'partial', A2: 'best', A3: 'worst', A5: 'partial', A6: 'partial', A7: 'partial', A8: 'best' },
  frameworks: { ...dental.frameworks, hipaa: { status: 'inProgress' } },
};

const wealth = createDefaultRiskInput('financialServices', 70, 14_000_000);
export const WEALTH_ADVISER_INPUT: RiskInput = {
  ...wealth,
  organisation: { ...wealth.organisation, name: 'Harbour Wealth Advisers', records: { personal: 30_000, health: 0, paymentCard: 0, consumerFinancial: 30_000 } },
  factors: { M1: 'partial', M2: 'partial', M3: 'worst', M4: 'partial', M5: 'partial', M6: 'partial', M7: 'partial', M8: 'best', M9: 'partial', M10: 'notApplicable', M11: 'partial', A1: 'partial', A2: 'partial', A3: 'partial', A5: 'partial', A6: 'best', A7: 'partial', A8: 'partial' },
  frameworks: { ...wealth.frameworks, glba: { status: 'compliant', since: '2025-01-01' } },
  insurance: { limitUsd: 1_000_000, retentionUsd: 25_000 },
};

export const BOARD_PROFILES: readonly { readonly id: string; readonly input: RiskInput }[] = [
  { id: 'sampleClinic', input: SAMPLE_CLINIC_INPUT },
  ...REFERENCE_PROFILES.filter((p) => p.id === 'manufacturerAverage' || p.id === 'financialAverage').map((p) => ({ id: p.id, input: p.input })),
  { id: 'dentalPractice', input: DENTAL_PRACTICE_INPUT },
  { id: 'wealthAdviser', input: WEALTH_ADVISER_INPUT },
];
