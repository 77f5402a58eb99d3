import {
  WEBHOOK_DELIVERY_STATUSES,
  WebhookEventTypeSchema,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@/contracts/webhooks.ts';
import type { DeliveryRow } from './delivery-store.ts';
import type { EndpointRow } from './endpoint-store.ts';

/** Rows as the owner's API shows them: never a secret, sealed or not. */

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    // An event type this version no longer knows is left out rather than failing the whole list.
    events: row.events.flatMap((event) => {
      const parsed = WebhookEventTypeSchema.safeParse(event);
      return parsed.success ? [parsed.data] : [];
    }),
    enabled: row.enabled,
    previousSecretExpiresAt: row.previousSecretEnc ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function statusOf(value: string): WebhookDeliveryStatus {
  return (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value) ? (value as WebhookDeliveryStatus) : 'pending';
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: statusOf(row.status),
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
