import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MfaVerifyResponseSchema, type MfaVerifyInput } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function verifyMfa(input: MfaVerifyInput) {
  return apiRequest('POST', '/api/mfa/verify', input, MfaVerifyResponseSchema);
}

/** Spec section 4: after a successful verification all cached data is invalidated and the status refetched. */
export function useVerifyMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMfa,
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
