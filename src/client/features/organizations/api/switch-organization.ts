import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client.ts';
import { ORGANIZATIONS_PATH } from './get-my-organizations.ts';

/**
 * Another organisation is now the current one: another organisation's data must never show, even
 * for a moment; the switcher's own list stays mounted. resetQueries (not remove): mounted lists
 * drop the old organisation's data and refetch at once.
 */
export async function refetchForAnotherOrganization(queryClient: QueryClient) {
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== '/api/auth/user' && query.queryKey[0] !== ORGANIZATIONS_PATH });
  await queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_PATH] });
}

function switchOrganization(organizationId: string) {
  return apiRequest<{ message: string }>('POST', `${ORGANIZATIONS_PATH}/current`, { organizationId });
}

/** POST /api/organizations/current: switching changes what every organisation-owned list shows, so the whole cache is refetched. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: switchOrganization, onSuccess: () => refetchForAnotherOrganization(queryClient) });
}
