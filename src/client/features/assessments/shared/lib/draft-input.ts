import { CompletedRiskInputSchema, type AssessmentStep, type DraftRiskInput, type EvidenceNotes } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import { FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { suggestFactorAnswers, type FactorSuggestion } from '@/engine/suggest-factor-answers.ts';

const EMPTY_RECORDS = { personal: 0, health: 0, paymentCard: 0, consumerFinancial: 0 } as const;

/** The full input when every required field is there, else null (with the issues). */
export function toCompleteInput(draft: DraftRiskInput): { input: RiskInput | null; issues: string[] } {
  // Unanswered factors and undeclared frameworks are empty, not missing (as on the server).
  const parsed = CompletedRiskInputSchema.safeParse({ ...draft, factors: draft.factors ?? {}, frameworks: draft.frameworks ?? {} });
  if (parsed.success) return { input: parsed.data as RiskInput, issues: [] };
  return { input: null, issues: parsed.error.issues.map((i) => i.path.join('.')) };
}

/** Suggestions from the declared frameworks, when the profile is complete enough to ask. */
export function computeSuggestions(draft: DraftRiskInput): Map<FactorId, FactorSuggestion> {
  const org = draft.organisation;
  const organisation =
    org?.industry !== undefined && org.employees !== undefined && org.annualRevenueUsd !== undefined
      ? {
          industry: org.industry,
          employees: org.employees,
          annualRevenueUsd: org.annualRevenueUsd,
          records: { ...EMPTY_RECORDS, ...org.records },
          holdsEuResidentsData: org.holdsEuResidentsData ?? false,
          holdsCaliforniaResidentsData: org.holdsCaliforniaResidentsData ?? false,
          isPubliclyTraded: org.isPubliclyTraded ?? false,
        }
      : undefined;
  const suggestions = suggestFactorAnswers(draft.frameworks ?? {}, organisation ? { organisation, ...(draft.asOfDate ? { asOfDate: draft.asOfDate } : {}) } : {});
  return new Map(suggestions.map((s) => [s.factorId, s]));
}

/** Every displayed selection is an answer: a factor counts once it has one (including "I don't know"). */
export function countAnswered(draft: DraftRiskInput): number {
  return FACTORS.filter((f) => draft.factors?.[f.id] !== undefined).length;
}

export function countUnknown(draft: DraftRiskInput): number {
  return FACTORS.filter((f) => draft.factors?.[f.id] === 'unknown').length;
}

export function setFactorAnswer(draft: DraftRiskInput, id: FactorId, answer: FactorAnswer): DraftRiskInput {
  return { ...draft, factors: { ...draft.factors, [id]: answer } };
}

const LOCAL_PREFIX = 'cifer.assessment-draft.';

/** What the autosave keeps of a draft (server and browser copies). */
export interface DraftSnapshot {
  input: DraftRiskInput;
  step: AssessmentStep;
  evidenceNotes: EvidenceNotes;
  businessAnswers: BusinessAnswers;
}

export interface LocalDraft extends Partial<DraftSnapshot> {
  input: DraftRiskInput;
  step: AssessmentStep;
  /** When the browser copy was written (ms since epoch). */
  savedAt: number;
  /** True until the server has acknowledged this copy. */
  isDirty: boolean;
}

/** The browser copy of a draft, so a reload or a dropped connection loses nothing. */
export function readLocalDraft(id: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_PREFIX + id);
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(id: string, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(LOCAL_PREFIX + id, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server copy still autosaves.
  }
}

export function removeLocalDraft(id: string): void {
  try {
    window.localStorage.removeItem(LOCAL_PREFIX + id);
  } catch {
    // nothing to clean
  }
}

/** Every browser copy of a draft (logout). */
export function removeAllLocalDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter((key): key is string => key?.startsWith(LOCAL_PREFIX) === true);
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // nothing to clean
  }
}
