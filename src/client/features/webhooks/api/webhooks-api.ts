import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookTestResponseSchema,
  type WebhookDeliveryList,
  type WebhookEndpointInput,
  type WebhookEndpointList,
  type WebhookEndpointUpdate,
} from '@/contracts/webhooks.ts';
import { apiRequest, getQueryFn } from '@/client/lib/api-client.ts';

/** The owner's webhook calls (ADR 229): /api/organizations/:id/webhooks and below. */

export function webhooksPath(organizationId: string, endpointId?: string) {
  return `/api/organizations/${organizationId}/webhooks${endpointId ? `/${endpointId}` : ''}`;
}

/** While a delivery waits for an attempt the log is read again this often, so "delivered" shows without a reload. */
const PENDING_REFRESH_MS = 2_000;

export function useWebhookEndpoints(organizationId: string) {
  return useQuery(
    queryOptions<WebhookEndpointList | null>({
      queryKey: [webhooksPath(organizationId)],
      queryFn: getQueryFn({ on401: 'throw', schema: WebhookEndpointListSchema }),
      staleTime: 0,
    }),
  );
}

export function useWebhookDeliveries(organizationId: string, endpointId: string, enabled: boolean) {
  return useQuery(
    queryOptions<WebhookDeliveryList | null>({
      queryKey: [`${webhooksPath(organizationId, endpointId)}/deliveries`],
      queryFn: getQueryFn({ on401: 'throw', schema: WebhookDeliveryListSchema }),
      enabled,
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
    }),
  );
}

/** Every change re-reads the endpoints and their logs (the query keys all start with the list's path). */
function useWebhookMutation<TInput, TResult>(organizationId: string, request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(webhooksPath(organizationId)) }),
  });
}

export function useCreateWebhook(organizationId: string) {
  return useWebhookMutation(organizationId, (input: WebhookEndpointInput) =>
    apiRequest('POST', webhooksPath(organizationId), input, WebhookEndpointWithSecretSchema),
  );
}

export function useUpdateWebhook(organizationId: string) {
  return useWebhookMutation(organizationId, ({ endpointId, update }: { endpointId: string; update: WebhookEndpointUpdate }) =>
    apiRequest('PATCH', webhooksPath(organizationId, endpointId), update, WebhookEndpointSchema),
  );
}

export function useDeleteWebhook(organizationId: string) {
  return useWebhookMutation(organizationId, (endpointId: string) =>
    apiRequest('DELETE', webhooksPath(organizationId, endpointId), undefined, MessageResponseSchema),
  );
}

export function useRotateWebhookSecret(organizationId: string) {
  return useWebhookMutation(organizationId, (endpointId: string) =>
    apiRequest('POST', `${webhooksPath(organizationId, endpointId)}/rotate-secret`, undefined, WebhookEndpointWithSecretSchema),
  );
}

export function useSendTestEvent(organizationId: string) {
  return useWebhookMutation(organizationId, (endpointId: string) =>
    apiRequest('POST', `${webhooksPath(organizationId, endpointId)}/test`, undefined, WebhookTestResponseSchema),
  );
}
