import type { AssessmentListItem } from '@/contracts/assessments.ts';

export interface TrendPoint {
  id: string;
  title: string;
  completedAt: string;
  aleUsd: number;
}

/** Completed assessments with a result, oldest first (at most `limit`, the newest ones). */
export function buildTrend(items: readonly AssessmentListItem[], limit = 6): TrendPoint[] {
  return items
    .filter((i) => i.status === 'completed' && i.summary !== null && i.completedAt !== null)
    .map((i) => ({ id: i.id, title: i.title, completedAt: i.completedAt as string, aleUsd: (i.summary as NonNullable<AssessmentListItem['summary']>).aleUsd }))
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt))
    .slice(-limit);
}
