import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BackupCodesResponseSchema } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { MFA_STATUS_QUERY_KEY } from './get-mfa-status.ts';

function regenerateBackupCodes() {
  return apiRequest('POST', '/api/mfa/backup-codes/regenerate', {}, BackupCodesResponseSchema);
}

export function useRegenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBackupCodes,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MFA_STATUS_QUERY_KEY });
    },
  });
}
