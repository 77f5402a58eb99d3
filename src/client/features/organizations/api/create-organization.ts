import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganizationInput, MyOrganization } from '@/contracts/organizations.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';

function createOrganization(input: CreateOrganizationInput) {
  return apiRequest<MyOrganization>('POST', ORGANIZATIONS_PATH, input);
}

/** POST /api/organizations: a client organisation (partners). */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] }),
  });
}
