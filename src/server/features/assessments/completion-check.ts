import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTORS } from '@/engine/factors.ts';
import type { FrameworkStates, OrganisationProfile } from '@/engine/risk-input.ts';
import { suggestFactorAnswers, type FactorSuggestion } from '@/engine/suggest-factor-answers.ts';
import { AppError, type FieldIssue } from '../../errors.ts';

type Organisation = NonNullable<DraftRiskInput['organisation']>;

/** Each profile answer the model needs, in the words of the questionnaire (never a validator's). */
const PROFILE_ANSWERS: ReadonlyArray<{ path: string; words: string; given: (organisation: Organisation) => boolean }> = [
  { path: 'industry', words: 'the industry', given: (o) => o.industry !== undefined },
  { path: 'employees', words: 'the number of employees', given: (o) => o.employees !== undefined },
  { path: 'annualRevenueUsd', words: 'the annual revenue in US dollars', given: (o) => o.annualRevenueUsd !== undefined },
  { path: 'records.personal', words: 'how many personal records you hold', given: (o) => o.records?.personal !== undefined },
  { path: 'records.health', words: 'how many health records you hold', given: (o) => o.records?.health !== undefined },
  { path: 'records.paymentCard', words: 'how many payment card records you hold', given: (o) => o.records?.paymentCard !== undefined },
  { path: 'records.consumerFinancial', words: 'how many consumer financial records you hold', given: (o) => o.records?.consumerFinancial !== undefined },
  { path: 'holdsEuResidentsData', words: 'whether you hold data of EU residents', given: (o) => o.holdsEuResidentsData !== undefined },
  { path: 'holdsCaliforniaResidentsData', words: 'whether you hold data of California residents', given: (o) => o.holdsCaliforniaResidentsData !== undefined },
  { path: 'isPubliclyTraded', words: 'whether the company is publicly traded', given: (o) => o.isPubliclyTraded !== undefined },
];

/** The profile answers still missing, as issues a person can act on. */
export function missingProfileIssues(draft: DraftRiskInput): FieldIssue[] {
  const organisation = draft.organisation ?? {};
  return PROFILE_ANSWERS.filter((answer) => !answer.given(organisation)).map((answer) => ({
    path: `input.organisation.${answer.path}`,
    message: `Not answered: ${answer.words}`,
  }));
}

/**
 * The factor answers a draft's compliance evidences. The regimes that bind the organisation (A4) and
 * the age of a compliance are known only once the profile is complete; before that only the
 * frameworks speak. Shared with the evidence the public API shows (v1-evidence.ts).
 */
export function evidenceSuggestions(draft: DraftRiskInput): FactorSuggestion[] {
  const profileComplete = missingProfileIssues(draft).length === 0;
  const options = profileComplete ? { organisation: draft.organisation as OrganisationProfile, ...(draft.asOfDate ? { asOfDate: draft.asOfDate } : {}) } : {};
  return suggestFactorAnswers((draft.frameworks ?? {}) as FrameworkStates, options);
}

/**
 * The factors with no answer that compliance evidence does not answer either (the model takes
 * those from the frameworks, as the review step of the app says). "unknown" is an answer: "I don't know".
 */
export function unansweredFactorIssues(draft: DraftRiskInput): FieldIssue[] {
  const factors = draft.factors ?? {};
  const fromEvidence = new Set(evidenceSuggestions(draft).map((suggestion) => suggestion.factorId));
  return FACTORS.filter((factor) => factors[factor.id] === undefined && !fromEvidence.has(factor.id)).map((factor) => ({
    path: `input.factors.${factor.id}`,
    message: `Not answered: ${factor.name} (${factor.id})`,
  }));
}

function wordsOf(issues: FieldIssue[]): string {
  return issues.map((issue) => issue.message.replace(/^Not answered: /, '')).join('; ');
}

/**
 * Refuses to complete a draft with answers missing, naming each in plain words (400, with one
 * issue per answer). `everyFactor`: the public API refuses unanswered factors too (ADR 289); the
 * app's review step lets a person complete with them taken as average, having shown the list.
 */
export function assertCompletable(draft: DraftRiskInput, options: { everyFactor: boolean }): void {
  const profile = missingProfileIssues(draft);
  const factors = options.everyFactor ? unansweredFactorIssues(draft) : [];
  if (profile.length === 0 && factors.length === 0) return;
  const parts: string[] = [];
  if (profile.length > 0) parts.push(`The organisation profile is missing ${wordsOf(profile)}.`);
  if (factors.length > 0)
    parts.push(`${factors.length} of ${FACTORS.length} factors are not answered: ${wordsOf(factors)}. Answer each one ("unknown" if you don't know).`);
  throw new AppError('bad_request', `This draft cannot be completed yet. ${parts.join(' ')}`, { issues: [...profile, ...factors] });
}
