import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { MAX_TITLE_LENGTH } from './require-assessment.ts';

/**
 * Starts a commercial-path draft from a completed assessment (typically a business leader's):
 * the answers, "I don't know"s, evidence notes and the history of who answered what carry over,
 * and the new draft points back to its source. It opens on the review, which lists what is unknown.
 */
export async function refineAssessment(options: { db: Database; source: AssessmentRecord; user: AuthContext['user']; now: Date }): Promise<string> {
  const { db, source, user, now } = options;
  if (source.status !== 'completed') throw new AppError('conflict', 'Only a completed assessment can be refined; finish it first.');
  return insertAssessment(db, {
    organizationId: user.organizationId,
    authorId: user.id,
    title: `${source.title} (refined)`.slice(0, MAX_TITLE_LENGTH),
    input: source.input,
    status: 'draft',
    path: 'commercial',
    businessAnswers: source.businessAnswers,
    evidenceNotes: source.evidenceNotes,
    answerProvenance: source.answerProvenance,
    sourceAssessmentId: source.id,
    currentStep: 'review',
    now,
  });
}
