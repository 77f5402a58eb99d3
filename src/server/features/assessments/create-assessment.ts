import type { CreateAssessmentBody, DraftRiskInput } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { insertAssessmentUnlessTaken } from '../../db/repositories/assessment-writes.ts';
import { findAssessment } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { automaticTitle } from './assessment-title.ts';

/**
 * POST /api/assessments: a new draft of the caller's current organisation, on the path chosen
 * (commercial unless said), opening on the profile step. Untitled drafts are named after the
 * assessed organisation and the day (ADR 217); the title then follows the organisation's name until
 * the user names the assessment. Returns the id and whether it was made now: a draft started
 * offline brings its own id, and the same id sent again by its author answers the draft already
 * made (ADR 304). An id taken by anything else is refused without saying by what.
 */
export async function createAssessment(options: { db: Database; user: AuthContext['user']; body: CreateAssessmentBody; now: Date }): Promise<{ id: string; isNew: boolean }> {
  const { db, user, body, now } = options;
  const input: DraftRiskInput = body.input ?? {};
  const id = await insertAssessmentUnlessTaken(db, {
    ...(body.id ? { id: body.id } : {}),
    organizationId: user.organizationId,
    authorId: user.id,
    title: body.title ?? automaticTitle(now.toISOString(), input),
    input,
    status: 'draft',
    path: body.path ?? 'commercial',
    currentStep: 'profile',
    now,
  });
  if (id) return { id, isNew: true };
  const existing = body.id ? await findAssessment(db, user.organizationId, body.id) : null;
  if (existing?.authorId === user.id) return { id: existing.id, isNew: false };
  throw new AppError('conflict', 'This assessment id is already taken: start the assessment again.');
}
