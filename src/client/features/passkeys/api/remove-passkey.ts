import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { invalidatePasskeyQueries } from './get-passkeys.ts';

function removePasskey(id: string) {
  return apiRequest<{ message: string }>('DELETE', `/api/passkeys/${encodeURIComponent(id)}`);
}

/** DELETE /api/passkeys/:id; a 403 step_up_required asks the caller for a fresh verification first. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => invalidatePasskeyQueries(queryClient),
  });
}
