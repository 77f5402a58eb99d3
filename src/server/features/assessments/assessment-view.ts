import type { Assessment, AssessmentListItem } from '@/contracts/assessments.ts';
import type { AssessmentListRecord, AssessmentRecord } from '../../db/repositories/assessment-record.ts';

/** One row of GET /api/assessments, from its parsed record. */
export function toAssessmentListItem(record: AssessmentListRecord): AssessmentListItem {
  return {
    id: record.id,
    title: record.title,
    path: record.path,
    status: record.status,
    currentStep: record.currentStep,
    author: record.authorId === null ? null : { id: record.authorId, name: record.authorName ?? 'Unknown' },
    engineVersion: record.engineVersion,
    seed: record.seed,
    summary: record.summary,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    completedAt: record.completedAt ? record.completedAt.toISOString() : null,
  };
}

/** GET /api/assessments/:id and every write that answers with the assessment, from its parsed record. */
export function toAssessment(record: AssessmentRecord): Assessment {
  return {
    ...toAssessmentListItem(record),
    input: record.input,
    result: record.result,
    businessAnswers: record.businessAnswers,
    evidenceNotes: record.evidenceNotes,
    answerProvenance: record.answerProvenance,
    sourceAssessmentId: record.sourceAssessmentId,
  };
}
