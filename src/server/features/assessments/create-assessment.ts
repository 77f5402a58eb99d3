import type { CreateAssessmentBody, DraftRiskInput } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { automaticTitle } from './assessment-title.ts';

/**
 * POST /api/assessments: a new draft of the caller's current organisation, on the path chosen
 * (commercial unless said), opening on the profile step. Untitled drafts are named after the
 * assessed organisation and the day (ADR 217); the title then follows the organisation's name until
 * the user names the assessment. Returns the new id.
 */
export async function createAssessment(options: { db: Database; user: AuthContext['user']; body: CreateAssessmentBody; now: Date }): Promise<string> {
  const { db, user, body, now } = options;
  const input: DraftRiskInput = body.input ?? {};
  return insertAssessment(db, {
    organizationId: user.organizationId,
    authorId: user.id,
    title: body.title ?? automaticTitle(now, input),
    input,
    status: 'draft',
    path: body.path ?? 'commercial',
    currentStep: 'profile',
    now,
  });
}
