import { useQuery } from '@tanstack/react-query';
import { ApiTokenListSchema } from '@/contracts/api-tokens.ts';
import { getQueryFn } from '@/client/lib/api-client.ts';
import { tokensPath, type TokenTarget } from './token-target.ts';

/** GET /api/account/tokens or /api/organizations/:id/tokens: newest first, revoked and expired ones too. */
export function useApiTokens(target: TokenTarget) {
  return useQuery({ queryKey: [tokensPath(target)], queryFn: getQueryFn({ on401: 'throw', schema: ApiTokenListSchema }) });
}
