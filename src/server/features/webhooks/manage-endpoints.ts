import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_ENDPOINTS,
  type WebhookEndpoint,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@/contracts/webhooks.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { countEndpoints, deleteEndpoint, insertEndpoint, updateEndpoint, type EndpointRow, type NewEndpoint } from './endpoint-store.ts';
import { generateSigningSecret, openSigningSecret, PREVIOUS_SECRET_GRACE_MS, sealSigningSecret } from './signing.ts';
import { checkTargetUrl, OutboundTargetRefused, type TargetPolicy } from '../../lib/outbound-target.ts';
import { toWebhookEndpoint } from './views.ts';

export interface ManageOptions {
  db: Database;
  encryptionKey: string;
  policy: TargetPolicy;
  now: Date;
  audit: Audit;
}

/** A URL the delivery would refuse is refused now, with the same reason (400). */
function acceptedUrl(raw: string, policy: TargetPolicy): string {
  try {
    return checkTargetUrl(raw, policy).toString();
  } catch (error) {
    if (error instanceof OutboundTargetRefused)
      throw new AppError('bad_request', error.message, { issues: [{ path: 'url', message: error.message }] });
    throw error;
  }
}

/** What the audit log keeps of an endpoint: where it sends and what, never its secret. */
const audited = (endpoint: EndpointRow) => ({
  endpointId: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled,
});

/** POST /api/organizations/:id/webhooks: the endpoint and its signing secret, answered this once. */
export async function createEndpoint(
  options: ManageOptions & {
    organizationId: string;
    userId: string;
    /** The owner acting: the answer holds a signing secret, so a fresh code is asked, as for an API token. */
    auth: AuthContext;
    input: { url: string; description: string; events: WebhookEventType[] };
  },
): Promise<WebhookEndpointWithSecret> {
  const { db, encryptionKey, policy, now, audit, organizationId, input } = options;
  const url = acceptedUrl(input.url, policy);
  if ((await countEndpoints(db, organizationId)) >= WEBHOOK_MAX_ENDPOINTS) {
    throw new AppError(
      'conflict',
      `An organisation can have at most ${WEBHOOK_MAX_ENDPOINTS} webhooks. Delete one you no longer use first.`,
    );
  }
  // After the checks of the answers, so a wrong URL is fixed before the code is asked.
  requireFreshVerification(options.auth, now);
  const id = randomUUID();
  const secret = generateSigningSecret();
  const endpoint = await insertEndpoint(db, {
    id,
    organizationId,
    url,
    description: input.description,
    events: input.events,
    secretEnc: sealSigningSecret(encryptionKey, id, secret),
    createdById: options.userId,
    createdAt: now,
    updatedAt: now,
  });
  await audit({ action: 'webhook.endpoint_created', organizationId, details: audited(endpoint) });
  return { endpoint: toWebhookEndpoint(endpoint), secret };
}

/** PATCH …/webhooks/:webhookId: URL, description, events, enabled. */
export async function changeEndpoint(
  options: ManageOptions & { endpoint: EndpointRow; input: WebhookEndpointUpdate },
): Promise<WebhookEndpoint> {
  const { db, policy, now, audit, endpoint, input } = options;
  const changes: Partial<NewEndpoint> = { updatedAt: now };
  if (input.url !== undefined) changes.url = acceptedUrl(input.url, policy);
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.events = [...new Set(input.events)];
  if (input.enabled !== undefined) changes.enabled = input.enabled;
  const updated = await updateEndpoint(db, endpoint.id, changes);
  await audit({
    action: 'webhook.endpoint_updated',
    organizationId: endpoint.organizationId,
    details: { ...audited(updated), urlBefore: endpoint.url },
  });
  return toWebhookEndpoint(updated);
}

/** DELETE …/webhooks/:webhookId: the endpoint and its delivery log (queued attempts find nothing and stop). */
export async function removeEndpoint(
  options: Pick<ManageOptions, 'db' | 'audit'> & { endpoint: EndpointRow },
): Promise<{ message: string }> {
  await deleteEndpoint(options.db, options.endpoint.id);
  await options.audit({
    action: 'webhook.endpoint_deleted',
    organizationId: options.endpoint.organizationId,
    details: audited(options.endpoint),
  });
  return { message: 'Webhook deleted' };
}

/**
 * POST …/webhooks/:webhookId/rotate-secret: a new secret, answered this once. The old one keeps
 * signing beside it for a day, so the receiver can switch without refusing any event.
 */
export async function rotateSecret(
  options: ManageOptions & { endpoint: EndpointRow; auth: AuthContext },
): Promise<WebhookEndpointWithSecret> {
  const { db, encryptionKey, now, audit, endpoint } = options;
  // A new signing secret is answered: a fresh code, as at creation (ADR 290).
  requireFreshVerification(options.auth, now);
  const secret = generateSigningSecret();
  const current = openSigningSecret(encryptionKey, endpoint.id, endpoint.secretEnc);
  const updated = await updateEndpoint(db, endpoint.id, {
    secretEnc: sealSigningSecret(encryptionKey, endpoint.id, secret),
    previousSecretEnc: sealSigningSecret(encryptionKey, endpoint.id, current),
    previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
    updatedAt: now,
  });
  await audit({
    action: 'webhook.secret_rotated',
    organizationId: endpoint.organizationId,
    details: { endpointId: endpoint.id, url: endpoint.url },
  });
  return { endpoint: toWebhookEndpoint(updated), secret };
}
