import type { Assessment, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl } from './assessment-cache.ts';

/** PATCH /api/assessments/:id (the autosave, see use-draft-autosave.ts: the open draft is not re-fetched). */
export function updateAssessment(id: string, body: UpdateAssessmentBody): Promise<Assessment> {
  return apiRequest<Assessment>('PATCH', assessmentUrl(id), body);
}
