import type { Assessment, RenameAssessmentBody } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { renameAssessment as storeTitle } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import { NOT_FOUND_MESSAGE, readAssessment } from './require-assessment.ts';

/**
 * POST /api/assessments/:id/rename: the user's own title for a draft or a completed assessment
 * (ADR 217). Once named, the title no longer follows the organisation's name. 404 when the
 * assessment is not the organisation's (or was deleted since it was found).
 */
export async function renameAssessment(options: {
  db: Database;
  organizationId: string;
  id: string;
  body: RenameAssessmentBody;
  now: Date;
}): Promise<Assessment> {
  const { db, organizationId, id, body, now } = options;
  if (!(await storeTitle(db, organizationId, id, body.title, now))) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return readAssessment(db, organizationId, id);
}
