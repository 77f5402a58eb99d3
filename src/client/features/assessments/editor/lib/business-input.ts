import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { mapBusinessAnswersToFactors, type BusinessAnswers } from '@/contracts/business-questions.ts';
import type { FrameworkId } from '@/engine/frameworks.ts';
import { findApplicableRegimes, REGIME_FRAMEWORK } from '@/engine/regimes.ts';

type DraftFrameworks = NonNullable<DraftRiskInput['frameworks']>;

const EMPTY_RECORDS = { personal: 0, health: 0, paymentCard: 0, consumerFinancial: 0 } as const;

/**
 * Frameworks the law makes mandatory for this profile (health records → HIPAA, card numbers → PCI DSS,
 * consumer financial data → GLBA, a public listing → SOX).
 */
function mandatoryFrameworks(draft: DraftRiskInput, frameworks: DraftFrameworks): FrameworkId[] {
  const org = draft.organisation;
  const organisation = {
    industry: org?.industry ?? 'other',
    employees: org?.employees ?? 1,
    annualRevenueUsd: org?.annualRevenueUsd ?? 1,
    records: { ...EMPTY_RECORDS, ...org?.records },
    holdsEuResidentsData: org?.holdsEuResidentsData ?? false,
    holdsCaliforniaResidentsData: org?.holdsCaliforniaResidentsData ?? false,
    isPubliclyTraded: org?.isPubliclyTraded ?? false,
  };
  return findApplicableRegimes(organisation, frameworks)
    .map((regime) => REGIME_FRAMEWORK[regime])
    .filter((id): id is FrameworkId => id !== null);
}

/**
 * The input the 10-minute path sends: the profile, the plain answers mapped onto the 19 factors,
 * and the framework statuses. The path never asks for a framework status, so a framework the
 * profile makes mandatory is recorded as "unknown", never as "not started", and no compliance
 * conflict can be raised against the manager's answers (ADR 214). A status the draft already
 * holds (a refined or duplicated guided assessment) is an answer and is kept.
 */
export function buildBusinessInput(draft: DraftRiskInput, answers: BusinessAnswers): DraftRiskInput {
  const given: DraftFrameworks = draft.frameworks ?? {};
  const frameworks: DraftFrameworks = { ...given };
  for (const id of mandatoryFrameworks(draft, given)) frameworks[id] ??= { status: 'unknown' };
  return { ...draft, frameworks, factors: mapBusinessAnswersToFactors(answers) };
}
