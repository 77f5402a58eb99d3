import type { DraftRiskInput, EvidenceNotes } from '@/contracts/assessments.ts';
import type { V1Evidence, V1EvidenceChanges, V1FrameworkEvidence } from '@/contracts/public-api.ts';
import { FRAMEWORK_STATUS_LABELS, FRAMEWORKS } from '@/engine/frameworks.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { evidenceSuggestions } from './completion-check.ts';
import { requireAssessment } from './require-assessment.ts';
import { saveDraft } from './save-draft.ts';

/**
 * Framework evidence through /api/v1 (ADR 318): what the questionnaire's frameworks step and the
 * evidence notes hold for one assessment, with the factor answers that evidence supports, read and
 * changed through the same draft save as the app's (so a completed assessment stays as it is).
 */

type Frameworks = NonNullable<DraftRiskInput['frameworks']>;

function frameworkEvidence(frameworks: Frameworks): V1FrameworkEvidence[] {
  return FRAMEWORKS.map((definition) => {
    const state = frameworks[definition.id];
    return {
      id: definition.id,
      name: definition.name,
      status: state?.status ?? null,
      statusLabel: state ? FRAMEWORK_STATUS_LABELS[state.status] : null,
      since: state?.since ?? null,
      nistCsfTiers: state?.nistCsfTiers ?? null,
      supports: definition.evidence.map(({ factorId, minimumLevel, note }) => ({ factorId, minimumLevel, note })),
    };
  });
}

/** The answers an assessment's result was computed from, or a draft's answers so far. */
const answersOf = (record: AssessmentRecord): DraftRiskInput => record.completedInput ?? record.input;

export function toV1Evidence(record: AssessmentRecord): V1Evidence {
  const input = answersOf(record);
  return {
    assessmentId: record.id,
    title: record.title,
    status: record.status,
    frameworks: frameworkEvidence(input.frameworks ?? {}),
    notes: record.evidenceNotes,
    suggestions: evidenceSuggestions(input).map(({ factorId, suggestedAnswer, bound, fillsAnswer, reasons }) => ({
      factorId,
      suggestedAnswer,
      bound,
      fillsAnswer,
      reasons: reasons.map(({ frameworkId, note }) => ({ frameworkId, note })),
    })),
  };
}

/** `stored` with each named entry replaced, and removed where the change is null. */
function laidOver<T>(stored: Readonly<Partial<Record<string, T>>>, changes: Readonly<Partial<Record<string, T | null>>>): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const [key, value] of Object.entries({ ...stored, ...changes })) if (value !== null && value !== undefined) merged[key] = value;
  return merged;
}

/**
 * Applies the changes to a draft's frameworks and notes. The save is conditional on the draft read
 * here (`expectedUpdatedAt`), so a change made meanwhile is never overwritten (409 instead).
 */
export async function changeEvidence(options: {
  db: Database;
  id: string;
  changes: V1EvidenceChanges;
  bodyError: Error | undefined;
  user: AuthContext['user'];
  now: Date;
}): Promise<AssessmentRecord> {
  const { db, id, changes, bodyError, user, now } = options;
  const existing = await requireAssessment(db, user.organizationId, id);
  // An invalid body is answered by saveDraft (400), once it has found the draft again.
  const given = bodyError ? {} : changes;
  const body = {
    expectedUpdatedAt: existing.updatedAt,
    ...(given.frameworks ? { input: { ...existing.input, frameworks: laidOver(existing.input.frameworks ?? {}, given.frameworks) as Frameworks } } : {}),
    ...(given.notes ? { evidenceNotes: laidOver(existing.evidenceNotes, given.notes) as EvidenceNotes } : {}),
  };
  return saveDraft({ db, id, body, bodyError, user, now });
}
