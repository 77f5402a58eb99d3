import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { tokensPath, type TokenTarget } from './token-target.ts';

/** DELETE one token of the target: refused from the next call on, everywhere. */
export function useRevokeApiToken(target: TokenTarget) {
  const queryClient = useQueryClient();
  const path = tokensPath(target);
  return useMutation({
    mutationFn: (tokenId: string) => apiRequest<{ message: string }>('DELETE', `${path}/${encodeURIComponent(tokenId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [path] }),
  });
}
