import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CoverageSchema,
  RiskProfileSchema,
  type Coverage,
  type RiskProfile,
  type UpdateRiskProfileBody,
} from '@/contracts/risk-profile.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const RISK_PROFILE_PATH = '/api/risk-profile';

/** GET /api/risk-profile: the current organisation's policy and appetite. */
export function useRiskProfile() {
  return useQuery(
    queryOptions<RiskProfile>({
      queryKey: [RISK_PROFILE_PATH],
      queryFn: () => apiRequest('GET', RISK_PROFILE_PATH, undefined, RiskProfileSchema),
      staleTime: 0,
    }),
  );
}

/** PUT /api/risk-profile */
export function useUpdateRiskProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRiskProfileBody) => apiRequest('PUT', RISK_PROFILE_PATH, body, RiskProfileSchema),
    onSuccess: (saved) => queryClient.setQueryData([RISK_PROFILE_PATH], saved),
  });
}

/** GET /api/risk-profile/assessments/:id/coverage: the same figures as the reports (src/reports/coverage.ts). */
export function useCoverage(assessmentId: string) {
  const path = `${RISK_PROFILE_PATH}/assessments/${assessmentId}/coverage`;
  return useQuery(queryOptions<Coverage>({ queryKey: [path], queryFn: () => apiRequest('GET', path, undefined, CoverageSchema) }));
}
