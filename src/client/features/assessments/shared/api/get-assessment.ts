import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Assessment } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { findDraftStartedOffline } from '../offline/assessment-outbox.ts';
import { noteServerVersion } from '../offline/server-versions.ts';
import { ASSESSMENTS_KEY } from './list-assessments.ts';

export async function fetchAssessment(id: string): Promise<Assessment> {
  // Started offline and not synced yet: the server has no such id, this device's copy is the draft (ADR 304).
  const startedOffline = await findDraftStartedOffline(id);
  if (startedOffline) {
    noteServerVersion(startedOffline);
    return startedOffline;
  }
  const assessment = await apiRequest<Assessment>('GET', `${ASSESSMENTS_KEY}/${encodeURIComponent(id)}`);
  // The version offline changes are based on (ADR 162).
  noteServerVersion(assessment);
  return assessment;
}

function assessmentQueryOptions(id: string) {
  return queryOptions({ queryKey: [`${ASSESSMENTS_KEY}/${id}`], queryFn: () => fetchAssessment(id), staleTime: 0, retry: false });
}

export function useAssessment(id: string | null) {
  return useQuery({ ...assessmentQueryOptions(id ?? ''), enabled: id !== null });
}
