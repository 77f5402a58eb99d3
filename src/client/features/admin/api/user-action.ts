import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminActionResponse, PlatformRole } from '@/contracts/admin.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ADMIN_USERS_PATH } from './get-admin-users.ts';

export type UserAction = 'disable' | 'enable' | 'reset-mfa' | 'revoke-sessions' | 'unlock';

function runUserAction({ userId, action, body }: { userId: string; action: UserAction | 'role' | 'partner'; body?: { role: PlatformRole } | { partner: boolean } }) {
  return apiRequest<AdminActionResponse>('POST', `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}/${action}`, body ?? {});
}

/** POST /api/admin/users/:id/:action: every account action refreshes the lists, the detail and the audit log. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSettled: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/') });
    },
  });
}
