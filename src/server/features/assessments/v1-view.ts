import type { V1Assessment, V1AssessmentListItem } from '@/contracts/public-api.ts';
import type { AssessmentListRecord, AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { authorOf, listTimes } from './assessment-view.ts';

/**
 * Assessments as the public API answers them (ADR 228): the app's list fields, the headline
 * figures named for people outside the app. A list item names exactly the fields the v1 shape has
 * (no seed, no questionnaire step), sharing the author and times with the app's list.
 */
export function toV1ListItem(record: AssessmentListRecord): V1AssessmentListItem {
  const { summary } = record;
  return {
    id: record.id,
    title: record.title,
    path: record.path,
    status: record.status,
    author: authorOf(record),
    engineVersion: record.engineVersion,
    summary: summary && { expectedAnnualLossUsd: summary.aleUsd, probabilityOfIncident: summary.probabilityOfAnyEvent, riskBand: { id: summary.band, label: summary.bandLabel } },
    ...listTimes(record),
  };
}

export function toV1Assessment(record: AssessmentRecord): V1Assessment {
  return { ...toV1ListItem(record), currentStep: record.currentStep, input: record.completedInput ?? record.input, sourceAssessmentId: record.sourceAssessmentId };
}
