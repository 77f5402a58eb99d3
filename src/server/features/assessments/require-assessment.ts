import type { Assessment } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findAssessment } from './assessment-repository.ts';

export const NOT_FOUND_MESSAGE = 'Assessment not found';
export const MAX_TITLE_LENGTH = 200;

/**
 * The organisation's assessment, or the one 404 that a missing one, another organisation's and a
 * malformed id all answer (so ids cannot be probed).
 */
export async function requireAssessment(db: Database, organizationId: string, id: string): Promise<Assessment> {
  const assessment = await findAssessment(db, organizationId, id);
  if (!assessment) throw new AppError('not_found', NOT_FOUND_MESSAGE);
  return assessment;
}
