import type { V1Assessment, V1AssessmentListItem } from '@/contracts/public-api.ts';
import type { AssessmentListRecord, AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { toAssessmentListItem } from './assessment-view.ts';

/**
 * Assessments as the public API answers them (ADR 228): the app's list fields, the headline
 * figures named for people outside the app. Fields the v1 shapes do not name (the seed, in lists
 * the questionnaire step) are stripped by the routes' response schemas.
 */
export function toV1ListItem(record: AssessmentListRecord): V1AssessmentListItem {
  const { summary, ...item } = toAssessmentListItem(record);
  return {
    ...item,
    summary: summary && { expectedAnnualLossUsd: summary.aleUsd, probabilityOfIncident: summary.probabilityOfAnyEvent, riskBand: { id: summary.band, label: summary.bandLabel } },
  };
}

export function toV1Assessment(record: AssessmentRecord): V1Assessment {
  return { ...toV1ListItem(record), currentStep: record.currentStep, input: record.completedInput ?? record.input, sourceAssessmentId: record.sourceAssessmentId };
}
