import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

const PLANS_QUERY_KEY = ['/api/billing/plans'] as const;

function getBillingOverview() {
  return apiRequest<BillingOverview>('GET', '/api/billing/plans');
}

function billingOverviewQueryOptions() {
  return queryOptions({ queryKey: PLANS_QUERY_KEY, queryFn: getBillingOverview, staleTime: 5 * 60_000 });
}

/** GET /api/billing/plans: the plans on offer and whether billing is on. */
export function useBillingOverview() {
  return useQuery(billingOverviewQueryOptions());
}
