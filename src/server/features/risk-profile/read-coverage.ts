import type { Coverage } from '@/contracts/risk-profile.ts';
import { computeCoverage } from '@/reports/coverage.ts';
import type { Database } from '../../db/client.ts';
import { findAssessment } from '../../db/repositories/assessments.ts';
import { findAssessmentRiskProfile } from '../../db/repositories/risk-profiles.ts';
import { AppError } from '../../errors.ts';

/**
 * The coverage gap and appetite of one of the organisation's completed assessments, computed by
 * the reports' one function (src/reports/coverage.ts) from the stored result and the risk profile
 * kept with it, so the results page shows what the PDF, deck and workbook show.
 */
export async function readCoverage(options: { db: Database; organizationId: string; assessmentId: string }): Promise<Coverage> {
  const { db, organizationId, assessmentId } = options;
  const assessment = await findAssessment(db, organizationId, assessmentId);
  if (assessment === null) throw new AppError('not_found', 'Assessment not found');
  if (assessment.status !== 'completed' || assessment.result === null)
    throw new AppError('conflict', 'This assessment is a draft: complete it to see its coverage.');
  return computeCoverage(assessment.result, await findAssessmentRiskProfile(db, assessmentId));
}
