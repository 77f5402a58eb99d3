import { z } from 'zod';
import { text } from './text.ts';

/**
 * Signed webhooks of an organisation (ADR 229, Standard Webhooks): the endpoints its owner
 * registers, the events each wants, the secret shown once, and the delivery log.
 */

/** The events a receiver may subscribe to. `webhook.test` is only ever sent by "Send test event". */
export const WEBHOOK_EVENT_TYPES = ['assessment.completed', 'action.due', 'reassessment.due', 'subscription.changed'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS = {
  'assessment.completed': 'An assessment is completed',
  'action.due': 'An action of the plan is due or overdue',
  'reassessment.due': 'A reassessment is due or overdue',
  'subscription.changed': 'The subscription changes',
} as const satisfies Record<WebhookEventType, string>;

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const WEBHOOK_MAX_ENDPOINTS = 10;
/** How many deliveries the log shows (newest first). */
export const WEBHOOK_LOG_LENGTH = 50;

const urlField = text()
  .trim()
  .min(1, 'Enter the URL that receives the events')
  .max(WEBHOOK_URL_MAX_LENGTH, `Must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .pipe(z.url('Enter a full URL such as https://example.com/cifer-events'));
const descriptionField = text().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, `Must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`);
const eventsField = z
  .array(WebhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const WebhookEndpointInputSchema = z.strictObject({ url: urlField, description: descriptionField.default(''), events: eventsField });
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

export const WebhookEndpointUpdateSchema = z.strictObject({
  url: urlField.optional(),
  description: descriptionField.optional(),
  events: eventsField.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof WebhookEndpointUpdateSchema>;

export const WebhookParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), webhookId: z.uuid('Unknown webhook') });

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Until when the secret before the last rotation still signs (a second signature), or null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) }).meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

/** Create and rotate answer the signing secret this once; CIFER keeps it sealed and never shows it again. */
export const WebhookEndpointWithSecretSchema = z.object({ endpoint: WebhookEndpointSchema, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) }).meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

export const WebhookTestResponseSchema = z.object({ delivery: WebhookDeliverySchema }).meta({ id: 'WebhookTestResult' });
