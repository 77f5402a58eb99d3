import type { UpdateAssessmentBody } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { updateDraft, type DraftChanges } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { recordAnswerProvenance } from './answer-provenance.ts';
import { followOrganisationName } from './assessment-title.ts';
import { requireAssessment } from './require-assessment.ts';

const COMPLETED_CANNOT_CHANGE = 'A completed assessment cannot be changed; duplicate it to start a new draft.';
const STALE_DRAFT_MESSAGE = 'This draft was changed elsewhere since you last saw it.';

/** What a save computes its changes from: the title, the answers and who gave them, as stored at `updatedAt`. */
type DraftBasis = Pick<AssessmentRecord, 'title' | 'createdAt' | 'path' | 'input' | 'answerProvenance' | 'updatedAt'>;

interface SaveDraftOptions {
  db: Database;
  /** The draft's id; it is looked for in the user's current organisation. */
  id: string;
  body: UpdateAssessmentBody;
  /** The body's validation error: it is answered (400) only once the draft is found (ADR 064). */
  bodyError: Error | undefined;
  user: AuthContext['user'];
  now: Date;
}

/**
 * PATCH /api/assessments/:id (and /api/v1): saves what changed in a draft and records who answered
 * each factor; returns the draft as the update stored it. With `expectedUpdatedAt` the save is
 * refused (409) when the draft changed since the caller read it.
 *
 * A save computes its changes from the draft as stored, read first.
 */
export async function saveDraft(options: SaveDraftOptions): Promise<AssessmentRecord> {
  const existing = await requireAssessment(options.db, options.user.organizationId, options.id);
  if (options.bodyError) throw options.bodyError;
  return saveWithPrecondition(existing, options);
}

/** The save of a draft just read: the caller's `expectedUpdatedAt`, if any, is its only condition. */
async function saveWithPrecondition(existing: AssessmentRecord, options: SaveDraftOptions): Promise<AssessmentRecord> {
  if (existing.status !== 'draft') throw new AppError('conflict', COMPLETED_CANNOT_CHANGE);
  const expected = options.body.expectedUpdatedAt === undefined ? undefined : new Date(options.body.expectedUpdatedAt);
  if (expected && expected.getTime() !== Date.parse(existing.updatedAt)) throw new AppError('conflict', STALE_DRAFT_MESSAGE);
  const saved = await saveOnto(existing, options, expected);
  if (!saved) throw new AppError('conflict', expected ? STALE_DRAFT_MESSAGE : COMPLETED_CANNOT_CHANGE);
  return saved;
}

/** Stores the body's changes to `basis`; null when no draft stored at `unchangedSince` (when given) was there to change. */
function saveOnto(basis: DraftBasis, options: SaveDraftOptions, unchangedSince: Date | undefined): Promise<AssessmentRecord | null> {
  const { db, id, body, user, now } = options;
  const changes: DraftChanges = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.input !== undefined) {
    changes.input = body.input;
    // An unnamed draft's title follows the organisation named in step 1 (ADR 217).
    const followed = body.title === undefined ? followOrganisationName(basis, basis.input, body.input) : undefined;
    if (followed !== undefined) changes.title = followed;
    changes.answerProvenance = recordAnswerProvenance(basis.answerProvenance, basis.input.factors, body.input.factors, user, basis.path, now);
  }
  if (body.currentStep !== undefined) changes.currentStep = body.currentStep;
  if (body.businessAnswers !== undefined) changes.businessAnswers = body.businessAnswers;
  if (body.evidenceNotes !== undefined) changes.evidenceNotes = body.evidenceNotes;
  return updateDraft(db, user.organizationId, id, changes, now, unchangedSince);
}
