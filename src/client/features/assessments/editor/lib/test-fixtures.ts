import type { DraftRiskInput } from '@/contracts/assessments.ts';

/** Shared by the quick-path tests: a $2M practice holding patient records, as the profile step leaves it (no framework touched). */
export const CLINIC_DRAFT = {
  organisation: {
    industry: 'healthcare',
    employees: 15,
    annualRevenueUsd: 2_000_000,
    records: { personal: 5_000, health: 5_000, paymentCard: 0, consumerFinancial: 0 },
    holdsEuResidentsData: false,
    holdsCaliforniaResidentsData: false,
    isPubliclyTraded: false,
  },
} satisfies DraftRiskInput;
