import type { V1Assessment, V1AssessmentListItem, V1AssessmentPage } from '@/contracts/public-api.ts';
import type { AssessmentListRecord, AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { authorOf, listTimes } from './assessment-view.ts';
import { encodeCursor } from './v1-cursor.ts';

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

/** A page of `limit` items from up to `limit + 1` records: the extra one only tells that another page follows. */
export function toV1Page(records: readonly AssessmentListRecord[], limit: number): V1AssessmentPage {
  const items = records.slice(0, limit).map(toV1ListItem);
  const last = items.at(-1);
  return { items, nextCursor: records.length > limit && last ? encodeCursor(last) : null };
}
