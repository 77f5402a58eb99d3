import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';

export const ACCESS_REQUESTS_PATH = '/api/admin/access-requests';

function accessRequestsQueryOptions(status: AccessRequestStatus = 'pending') {
  return queryOptions<AdminAccessRequest[]>({ queryKey: [ACCESS_REQUESTS_PATH, { status }], staleTime: 0 });
}

/** GET /api/admin/access-requests?status=... */
export function useAccessRequests(status: AccessRequestStatus = 'pending') {
  return useQuery(accessRequestsQueryOptions(status));
}
