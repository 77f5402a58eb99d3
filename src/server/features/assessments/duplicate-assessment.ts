import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { duplicateTitle } from './assessment-title.ts';

/**
 * POST /api/assessments/:id/duplicate: a new draft on the same path with the source's answers,
 * evidence notes and answer history, opening on the profile step; titled as ADR 217 says. Returns the new id.
 */
export async function duplicateAssessment(options: { db: Database; source: AssessmentRecord; user: AuthContext['user']; now: Date }): Promise<string> {
  const { db, source, user, now } = options;
  return insertAssessment(db, {
    organizationId: user.organizationId,
    authorId: user.id,
    title: duplicateTitle(source, now),
    input: source.input,
    status: 'draft',
    path: source.path,
    businessAnswers: source.businessAnswers,
    evidenceNotes: source.evidenceNotes,
    answerProvenance: source.answerProvenance,
    currentStep: 'profile',
    now,
  });
}
