import { CompletedRiskInputSchema } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { buildReportModel, type ReportModel, type ReportSource } from '@/reports/report-model.ts';
import { computeWhatChanged, type ComparedAssessment, type WhatChanged } from '@/reports/what-changed.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findOrganizationAssessment, findOrganizationName, findPreviousCompleted, type StoredAssessment } from './report-repository.ts';

const NOT_FOUND = 'Assessment not found';
const DRAFT_MESSAGE = 'This assessment is a draft: complete it to get its report.';

function toCompared(stored: StoredAssessment): ComparedAssessment {
  // Completed assessments were validated at completion; a stored input that no longer parses is a bug, not bad input.
  const input = CompletedRiskInputSchema.parse(stored.input) as RiskInput;
  return { id: stored.id, title: stored.title, completedAt: (stored.completedAt ?? new Date(0)).toISOString(), input, result: stored.result as RiskResult };
}

/** A completed assessment of the organisation: 404 when it is not the organisation's, 409 when it is a draft. */
export async function requireCompleted(db: Database, organizationId: string, id: string, role: 'report' | 'comparison' = 'report'): Promise<{ stored: StoredAssessment; compared: ComparedAssessment }> {
  const stored = await findOrganizationAssessment(db, organizationId, id);
  if (!stored) throw new AppError('not_found', role === 'report' ? NOT_FOUND : 'The assessment to compare with was not found');
  if (stored.status !== 'completed' || stored.result === null) {
    throw new AppError('conflict', role === 'report' ? DRAFT_MESSAGE : 'The assessment to compare with is a draft: only completed assessments can be compared.');
  }
  return { stored, compared: toCompared(stored) };
}

/** What changed between the assessment and `againstId` (default: the organisation's previous completed one); null when there is none. */
export async function loadWhatChanged(db: Database, organizationId: string, current: ComparedAssessment, againstId: string | undefined): Promise<WhatChanged | null> {
  let previous: ComparedAssessment | null;
  if (againstId !== undefined) {
    if (againstId === current.id) throw new AppError('bad_request', 'Choose a different assessment to compare with', { issues: [{ path: 'against', message: 'Choose a different assessment to compare with' }] });
    previous = (await requireCompleted(db, organizationId, againstId, 'comparison')).compared;
  } else {
    const stored = await findPreviousCompleted(db, organizationId, new Date(current.completedAt), current.id);
    previous = stored && stored.result !== null ? toCompared(stored) : null;
  }
  return previous ? computeWhatChanged(previous, current) : null;
}

/** Everything a report of one assessment is built from, scoped to the organisation. */
export async function loadReport(db: Database, organizationId: string, id: string, againstId: string | undefined, now: Date): Promise<{ model: ReportModel; source: ReportSource }> {
  const { stored, compared } = await requireCompleted(db, organizationId, id);
  const [organisationName, whatChanged] = await Promise.all([findOrganizationName(db, organizationId), loadWhatChanged(db, organizationId, compared, againstId)]);
  const source: ReportSource = {
    organisationName: organisationName || compared.result.profile.name || '',
    assessment: { ...compared, authorName: stored.authorName },
    whatChanged,
    generatedAt: now.toISOString(),
  };
  return { model: buildReportModel(source), source };
}
