import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingOverview,
  CheckoutStatus,
  ClaimInput,
  ClaimResponse,
  OrganizationSubscription,
  PortalResponse,
  StartCheckoutInput,
  StartCheckoutResponse,
} from '@/contracts/billing.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';

export const PLANS_QUERY_KEY = ['/api/billing/plans'] as const;
export const SUBSCRIPTION_QUERY_KEY = ['/api/billing/subscription'] as const;

export function billingOverviewQueryOptions() {
  return queryOptions({
    queryKey: PLANS_QUERY_KEY,
    queryFn: () => apiRequest<BillingOverview>('GET', '/api/billing/plans'),
    staleTime: 5 * 60_000,
  });
}

export function useBillingOverview() {
  return useQuery(billingOverviewQueryOptions());
}

export function startCheckout(input: StartCheckoutInput) {
  return apiRequest<StartCheckoutResponse>('POST', '/api/billing/checkout', input);
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}

const CHECKOUT_POLL_MS = 1500;

/** The stored state of a checkout, polled until the signed webhook has made it final. */
export function useCheckoutStatus(checkoutSessionId: string | null) {
  return useQuery({
    queryKey: ['/api/billing/checkout', checkoutSessionId],
    queryFn: () => apiRequest<CheckoutStatus>('GET', `/api/billing/checkout/${encodeURIComponent(checkoutSessionId ?? '')}`),
    enabled: Boolean(checkoutSessionId),
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.status === 'complete' && data.subscriptionStatus !== 'none' ? false : CHECKOUT_POLL_MS;
    },
  });
}

export function useClaimSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimInput) => apiRequest<ClaimResponse>('POST', '/api/billing/claim', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}

export function organizationSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: () => apiRequest<OrganizationSubscription>('GET', '/api/billing/subscription'),
  });
}

export function useOrganizationSubscription(enabled = true) {
  return useQuery({ ...organizationSubscriptionQueryOptions(), enabled });
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: () => apiRequest<PortalResponse>('POST', '/api/billing/portal', {}) });
}
