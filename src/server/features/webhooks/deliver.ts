import type { Database } from '../../db/client.ts';
import { recordAttempt, findDelivery, type DeliveryRow } from './delivery-store.ts';
import { findEndpoint, type EndpointRow } from './endpoint-store.ts';
import { queueAttempt } from './queue-message.ts';
import { sendWebhookRequest, type SendOutcome } from './send-request.ts';
import { openSigningSecret, signedHeaders } from './signing.ts';
import { resolveTarget, OutboundTargetRefused, type HostResolver, type TargetPolicy } from '../../lib/outbound-target.ts';

/** The waits before attempts 2 to 6: 1 min, 5 min, 30 min, 2 h, 12 h. After the sixth failure the delivery is 'failed'. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export interface DeliveryDeps {
  db: Database;
  encryptionKey: string;
  policy: TargetPolicy;
  resolve: HostResolver;
  now: Date;
}

/** The secrets that sign now: the current one, and the one before a rotation during its grace day. */
function signingSecrets(deps: DeliveryDeps, endpoint: EndpointRow): string[] {
  const secrets = [openSigningSecret(deps.encryptionKey, endpoint.id, endpoint.secretEnc)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > deps.now.getTime()) {
    secrets.push(openSigningSecret(deps.encryptionKey, endpoint.id, endpoint.previousSecretEnc));
  }
  return secrets;
}

async function sendOnce(deps: DeliveryDeps, endpoint: EndpointRow, delivery: DeliveryRow): Promise<SendOutcome> {
  try {
    const { url, target } = await resolveTarget(endpoint.url, deps.policy, deps.resolve);
    const body = JSON.stringify(delivery.payload);
    const headers = signedHeaders(signingSecrets(deps, endpoint), delivery.messageId, deps.now, body);
    return await sendWebhookRequest({ url, target, headers: { ...headers }, body });
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return { error: error.message };
    // A host name that does not resolve is the receiver's problem, retried like a refused connection.
    if (error instanceof Error && 'code' in error && (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN'))
      return { error: `Could not resolve the host name (${error.code})` };
    throw error;
  }
}

/** The status code and the reason of a failed attempt, for the delivery log. */
function failureOf(outcome: SendOutcome): { statusCode: number | null; error: string } {
  return 'error' in outcome
    ? { statusCode: null, error: outcome.error }
    : { statusCode: outcome.statusCode, error: `The receiver answered HTTP ${outcome.statusCode}` };
}

/**
 * One attempt of one delivery (the job of queue-message.ts). A 2xx answer delivers it; anything
 * else (another status, a refused or unreachable target, a timeout) is recorded and the next
 * attempt queued after its back-off, in one transaction; the sixth failure ends as 'failed'.
 * An attempt already recorded (a job run twice after a lost lease) is skipped.
 */
export async function deliverAttempt(deps: DeliveryDeps, deliveryId: string, attempt: number): Promise<void> {
  const delivery = await findDelivery(deps.db, deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.attempts >= attempt) return;
  const endpoint = await findEndpoint(deps.db, delivery.endpointId);
  if (!endpoint) return;
  if (!endpoint.enabled) {
    await recordAttempt(deps.db, deliveryId, {
      status: 'failed',
      attempts: delivery.attempts,
      statusCode: null,
      error: 'Not sent: the endpoint was disabled',
      nextAttemptAt: null,
    });
    return;
  }
  const outcome = await sendOnce(deps, endpoint, delivery);
  if ('statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    await recordAttempt(deps.db, deliveryId, { status: 'delivered', attempts: attempt, statusCode: outcome.statusCode, at: deps.now });
    return;
  }
  const { statusCode, error } = failureOf(outcome);
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) {
    await recordAttempt(deps.db, deliveryId, { status: 'failed', attempts: attempt, statusCode, error, nextAttemptAt: null });
    return;
  }
  const nextAttemptAt = new Date(deps.now.getTime() + delay);
  await deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await recordAttempt(txDb, deliveryId, { status: 'pending', attempts: attempt, statusCode, error, nextAttemptAt });
    await queueAttempt(txDb, deliveryId, attempt + 1, nextAttemptAt, deps.now);
  });
}
