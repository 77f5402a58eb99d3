import type { Assessment, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { updateDraft, type DraftChanges } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { recordAnswerProvenance } from './answer-provenance.ts';
import { followOrganisationName } from './assessment-title.ts';
import { toAssessment } from './assessment-view.ts';

const COMPLETED_CANNOT_CHANGE = 'A completed assessment cannot be changed; duplicate it to start a new draft.';
const STALE_DRAFT_MESSAGE = 'This draft was changed elsewhere since you last saw it.';

/**
 * PATCH /api/assessments/:id: saves what changed in a draft and records who answered each factor.
 * With `expectedUpdatedAt` the save is refused (409) when the draft changed since the caller read
 * it; the check is repeated inside the update, so no other write slips in between. Returns the draft as
 * the update stored it (no second read: it cost a third of an autosave's database time, docs/benchmarks.md).
 */
export async function updateDraftAssessment(options: { db: Database; existing: AssessmentRecord; body: UpdateAssessmentBody; user: AuthContext['user']; now: Date }): Promise<Assessment> {
  const { db, existing, body, user, now } = options;
  if (existing.status !== 'draft') throw new AppError('conflict', COMPLETED_CANNOT_CHANGE);
  const changes: DraftChanges = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.input !== undefined) {
    changes.input = body.input;
    // An unnamed draft's title follows the organisation named in step 1 (ADR 217).
    const followed = body.title === undefined ? followOrganisationName(existing, existing.input, body.input) : undefined;
    if (followed !== undefined) changes.title = followed;
    changes.answerProvenance = recordAnswerProvenance(existing.answerProvenance, existing.input.factors, body.input.factors, user, existing.path, now);
  }
  if (body.currentStep !== undefined) changes.currentStep = body.currentStep;
  if (body.businessAnswers !== undefined) changes.businessAnswers = body.businessAnswers;
  if (body.evidenceNotes !== undefined) changes.evidenceNotes = body.evidenceNotes;
  const expected = body.expectedUpdatedAt === undefined ? undefined : new Date(body.expectedUpdatedAt);
  if (expected && expected.getTime() !== Date.parse(existing.updatedAt)) throw new AppError('conflict', STALE_DRAFT_MESSAGE);
  const updated = await updateDraft(db, user.organizationId, existing, changes, now, expected);
  if (!updated) throw new AppError('conflict', expected ? STALE_DRAFT_MESSAGE : COMPLETED_CANNOT_CHANGE);
  return toAssessment(updated);
}
