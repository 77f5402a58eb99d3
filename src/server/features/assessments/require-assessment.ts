import type { Assessment } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { findAssessment } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import { toAssessment } from './assessment-view.ts';

export const NOT_FOUND_MESSAGE = 'Assessment not found';
export const MAX_TITLE_LENGTH = 200;

/**
 * The organisation's assessment, or the one 404 that a missing one, another organisation's and a
 * malformed id all answer (so ids cannot be probed).
 */
export async function requireAssessment(db: Database, organizationId: string, id: string): Promise<AssessmentRecord> {
  const assessment = await findAssessment(db, organizationId, id);
  if (!assessment) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return assessment;
}

/** The organisation's assessment as the API answers it (404 as requireAssessment). */
export async function readAssessment(db: Database, organizationId: string, id: string): Promise<Assessment> {
  return toAssessment(await requireAssessment(db, organizationId, id));
}
