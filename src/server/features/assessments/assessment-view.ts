import type { Assessment, AssessmentListItem } from '@/contracts/assessments.ts';
import type { AssessmentListRecord, AssessmentRecord } from '../../db/repositories/assessment-record.ts';

/** Who wrote the assessment, as every list shows it (the app's and the public API's); null once erased. */
export function authorOf(record: AssessmentListRecord): AssessmentListItem['author'] {
  return record.authorId === null ? null : { id: record.authorId, name: record.authorName ?? 'Unknown' };
}

/** When it was created, last changed and completed, as every list shows it. */
export function listTimes(record: AssessmentListRecord): Pick<AssessmentListItem, 'createdAt' | 'updatedAt' | 'completedAt'> {
  return { createdAt: record.createdAt, updatedAt: record.updatedAt, completedAt: record.completedAt };
}

/** One row of GET /api/assessments, from its parsed record. */
export function toAssessmentListItem(record: AssessmentListRecord): AssessmentListItem {
  return {
    id: record.id,
    title: record.title,
    path: record.path,
    status: record.status,
    currentStep: record.currentStep,
    author: authorOf(record),
    engineVersion: record.engineVersion,
    seed: record.seed,
    summary: record.summary,
    ...listTimes(record),
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
