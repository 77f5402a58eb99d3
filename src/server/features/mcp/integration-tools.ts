import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import { SsoConnectionListSchema, type SsoConnection } from '@/contracts/sso.ts';
import { WebhookDeliveryListSchema, WebhookEndpointListSchema, WebhookTestResponseSchema, type WebhookDelivery, type WebhookEndpoint } from '@/contracts/webhooks.ts';
import type { ApiClient } from './api-client.ts';
import { NoInput, WebhookInput } from './tool-inputs.ts';
import { callApi, segment, toolAnswer } from './tool-results.ts';

/**
 * How the organisation is wired to other systems (ADR 320): its webhooks, their deliveries and a
 * test event, and its single sign-on settings, read through /api/v1. Creating a webhook, rotating
 * its secret and changing SSO ask a fresh second factor (ADR 290), which an assistant cannot give.
 */

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const OWNER_NOTE = 'For an owner of the organisation.';

const endpointLine = (e: WebhookEndpoint) => `- ${e.url}${e.description ? ` (${e.description})` : ''}: ${e.enabled ? 'enabled' : 'disabled'}, events ${e.events.join(', ')} [${e.id}]`;
const deliveryLine = (d: WebhookDelivery) =>
  `- ${d.createdAt}: ${d.eventType} ${d.status} after ${d.attempts} attempt(s)${d.lastStatusCode === null ? '' : `, last answer ${d.lastStatusCode}`}${d.lastError ? `, error: ${d.lastError}` : ''}`;

async function listWebhooks(client: ApiClient) {
  const outcome = await callApi(client, 'GET', '/api/v1/webhooks', WebhookEndpointListSchema);
  if (!outcome.ok) return outcome.result;
  const { endpoints } = outcome.value;
  const words = endpoints.length === 0 ? 'No webhook endpoints.' : `${endpoints.length} webhook endpoint(s):\n${endpoints.map(endpointLine).join('\n')}`;
  return toolAnswer(words, outcome.value);
}

async function listDeliveries(client: ApiClient, { webhookId }: z.infer<typeof WebhookInput>) {
  const outcome = await callApi(client, 'GET', `/api/v1/webhooks/${segment(webhookId)}/deliveries`, WebhookDeliveryListSchema);
  if (!outcome.ok) return outcome.result;
  const { deliveries } = outcome.value;
  const words = deliveries.length === 0 ? 'No deliveries to this endpoint yet.' : `${deliveries.length} recent deliveries, newest first:\n${deliveries.map(deliveryLine).join('\n')}`;
  return toolAnswer(words, outcome.value);
}

async function sendTestEvent(client: ApiClient, { webhookId }: z.infer<typeof WebhookInput>) {
  const outcome = await callApi(client, 'POST', `/api/v1/webhooks/${segment(webhookId)}/test`, WebhookTestResponseSchema);
  if (!outcome.ok) return outcome.result;
  return toolAnswer(`Test event sent:\n${deliveryLine(outcome.value.delivery)}`, outcome.value);
}

const connectionLine = (c: SsoConnection) =>
  `- ${c.name}: issuer ${c.issuer}, new people join as ${c.defaultRole}, ${c.required ? 'SSO required' : 'SSO optional'}; domains ${c.domains.map((d) => `${d.domain}${d.verified ? '' : ' (not verified)'}`).join(', ') || 'none'}`;

async function getSsoSettings(client: ApiClient) {
  const outcome = await callApi(client, 'GET', '/api/v1/sso', SsoConnectionListSchema);
  if (!outcome.ok) return outcome.result;
  const { connections, redirectUri } = outcome.value;
  const words = [connections.length === 0 ? 'No single sign-on connection.' : `${connections.length} SSO connection(s):`, ...connections.map(connectionLine), `Redirect URI for the identity provider: ${redirectUri}`].join('\n');
  return toolAnswer(words, outcome.value);
}

export function registerIntegrationTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'list_webhooks',
    { title: 'List webhook endpoints', description: `The organisation's webhook endpoints: address, events, enabled (never their secrets). ${OWNER_NOTE}`, inputSchema: NoInput, annotations: READ_ONLY },
    () => listWebhooks(client),
  );
  server.registerTool(
    'list_webhook_deliveries',
    { title: 'Webhook deliveries', description: `The recent deliveries to one webhook endpoint: event, status, attempts, the last answer or error. ${OWNER_NOTE}`, inputSchema: WebhookInput, annotations: READ_ONLY },
    (input) => listDeliveries(client, input),
  );
  server.registerTool(
    'send_webhook_test',
    {
      title: 'Send a webhook test event',
      description: `Sends a signed test event to one webhook endpoint now and gives the delivery, to check the receiving side. ${OWNER_NOTE} Needs a token with the write scope.`,
      inputSchema: WebhookInput,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    (input) => sendTestEvent(client, input),
  );
  server.registerTool(
    'get_sso_settings',
    { title: 'Single sign-on settings', description: `The organisation's SSO connections (issuer, client id, default role, whether required, domains; never the client secret). ${OWNER_NOTE}`, inputSchema: NoInput, annotations: READ_ONLY },
    () => getSsoSettings(client),
  );
}
