import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CreatedApiTokenSchema, type CreateApiTokenInput, type CreateApiTokenInputSchema } from '@/contracts/api-tokens.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { tokensPath, type TokenTarget } from './token-target.ts';

/** A new token's answers once the form has checked them (duplicate scopes dropped, the lifetime set). */
export type TokenFormValues = z.output<typeof CreateApiTokenInputSchema>;

/** POST the new token; the answer holds its secret, which the caller shows once and never keeps. A 403 step_up_required asks for a fresh code first. */
export function useCreateApiToken(target: TokenTarget) {
  const queryClient = useQueryClient();
  const path = tokensPath(target);
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiRequest('POST', path, input, CreatedApiTokenSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [path] }),
  });
}
