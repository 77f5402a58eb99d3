import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganizationsResponse } from '@/contracts/organizations.ts';

export const ORGANIZATIONS_PATH = '/api/organizations';

function myOrganizationsQueryOptions() {
  return queryOptions<MyOrganizationsResponse>({ queryKey: [ORGANIZATIONS_PATH], staleTime: 30_000 });
}

/** GET /api/organizations: mine, the current one, and whether I may create client organisations. */
export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions());
}
