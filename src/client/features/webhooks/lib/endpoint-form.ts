import { z } from 'zod';
import { WebhookEndpointInputSchema, WebhookEventTypeSchema, type WebhookEndpoint } from '@/contracts/webhooks.ts';

/**
 * The add/edit form: the contract's URL and description rules, checked in the browser before the
 * server checks them again (only the server decides which addresses it may call). `events` are
 * the ticked boxes.
 */
export const EndpointFormSchema = z.object({
  url: WebhookEndpointInputSchema.shape.url,
  description: WebhookEndpointInputSchema.shape.description.unwrap(),
  events: z.array(WebhookEventTypeSchema).min(1, 'Choose at least one event'),
});
export type EndpointFormValues = z.infer<typeof EndpointFormSchema>;

export const EMPTY_ENDPOINT_FORM: EndpointFormValues = { url: '', description: '', events: ['assessment.completed'] };

export function endpointFormValues(endpoint: WebhookEndpoint): EndpointFormValues {
  return { url: endpoint.url, description: endpoint.description, events: [...endpoint.events] };
}
