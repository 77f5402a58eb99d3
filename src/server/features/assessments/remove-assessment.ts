import type { Database } from '../../db/client.ts';
import { deleteAssessment } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import { NOT_FOUND_MESSAGE } from './require-assessment.ts';

/** DELETE /api/assessments/:id: drafts and completed assessments alike; 404 when not the organisation's. */
export async function removeAssessment(options: { db: Database; organizationId: string; id: string }): Promise<void> {
  const { db, organizationId, id } = options;
  if (!(await deleteAssessment(db, organizationId, id))) throw new AppError('not_found', NOT_FOUND_MESSAGE);
}
