import type { AssessmentPage } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { listAssessmentPage } from '../../db/repositories/assessments.ts';
import { toAssessmentListItem } from './assessment-view.ts';

/** GET /api/assessments: one page of the organisation's assessments, newest first. */
export async function listAssessments(options: { db: Database; organizationId: string; page: number; pageSize: number }): Promise<AssessmentPage> {
  const { db, organizationId, page, pageSize } = options;
  const { records, total } = await listAssessmentPage(db, organizationId, page, pageSize);
  return { items: records.map(toAssessmentListItem), page, pageSize, total };
}
