import { useMutation } from '@tanstack/react-query';
import type { InviteColleagueBody, InviteColleagueResponse } from '@/contracts/assessments.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { assessmentUrl } from '../../shared/api/assessment-cache.ts';

/** POST /api/assessments/:id/invite: "hand this to your security lead". */
function inviteColleague({ id, body }: { id: string; body: InviteColleagueBody }): Promise<InviteColleagueResponse> {
  return apiRequest<InviteColleagueResponse>('POST', assessmentUrl(id, '/invite'), body);
}

export function useInviteColleague() {
  return useMutation({ mutationFn: inviteColleague });
}
