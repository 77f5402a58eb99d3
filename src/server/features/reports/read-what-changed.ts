import type { WhatChanged } from '@/reports/what-changed.ts';
import { loadWhatChanged, requireCompleted, type ReportOperationOptions, type WhatChangedSources } from './load-report.ts';

/** GET /api/assessments/:id/what-changed: the waterfall alone (null when there is nothing to compare with). */
export async function readWhatChanged(options: WhatChangedSources & Pick<ReportOperationOptions, 'organizationId'> & { assessmentId: string; against: string | undefined }): Promise<{ whatChanged: WhatChanged | null }> {
  const { db, organizationId, assessmentId, against } = options;
  const current = await requireCompleted(db, organizationId, assessmentId);
  return { whatChanged: await loadWhatChanged(options, organizationId, current, against) };
}
