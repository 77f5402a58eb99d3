import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSubscription } from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const SUBSCRIPTION_QUERY_KEY = ['/api/billing/subscription'] as const;

function getOrganizationSubscription() {
  return apiRequest<OrganizationSubscription>('GET', '/api/billing/subscription');
}

function organizationSubscriptionQueryOptions() {
  return queryOptions({ queryKey: SUBSCRIPTION_QUERY_KEY, queryFn: getOrganizationSubscription });
}

/** GET /api/billing/subscription: the signed-in user's organisation's subscription. */
export function useOrganizationSubscription(enabled = true) {
  return useQuery({ ...organizationSubscriptionQueryOptions(), enabled });
}
