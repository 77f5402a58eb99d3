import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { LOGO_KEY } from './get-organization-logo.ts';

/** DELETE /api/organization/logo */
export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', LOGO_KEY),
    onSuccess: () => client.invalidateQueries({ queryKey: [LOGO_KEY] }),
  });
}
