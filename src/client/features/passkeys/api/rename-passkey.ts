import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasskeySchema } from '@/contracts/passkeys.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { PASSKEYS_QUERY_KEY } from './get-passkeys.ts';

function renamePasskey({ id, name }: { id: string; name: string }) {
  return apiRequest('PATCH', `/api/passkeys/${encodeURIComponent(id)}`, { name }, PasskeySchema);
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
    },
  });
}
