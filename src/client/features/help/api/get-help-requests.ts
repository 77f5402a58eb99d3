import { queryOptions, useQuery } from '@tanstack/react-query';
import { HelpRequestListSchema, type HelpRequestList } from '@/contracts/help.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const HELP_REQUESTS_QUERY_KEY = ['/api/admin/help-requests'] as const;

function getHelpRequests(): Promise<HelpRequestList> {
  return apiRequest('GET', '/api/admin/help-requests', undefined, HelpRequestListSchema);
}

function helpRequestsQueryOptions() {
  return queryOptions({ queryKey: HELP_REQUESTS_QUERY_KEY, queryFn: getHelpRequests });
}

export function useHelpRequests() {
  return useQuery(helpRequestsQueryOptions());
}
