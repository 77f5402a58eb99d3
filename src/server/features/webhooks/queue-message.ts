import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { insertDelivery, type DeliveryRow } from './delivery-store.ts';
import type { EndpointRow } from './endpoint-store.ts';

/** One job per delivery attempt on the database queue: whichever instance claims it sends it (ADR 150, 229). */
export const DELIVERY_JOB = 'webhooks.deliver';

export interface WebhookMessage {
  /** The Standard Webhooks `webhook-id`: the same for every attempt, so a receiver can drop repeats. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * The id of a domain event's message, derived from the event itself: an event that reached this
 * code twice (a retried job, a second listener) finds its delivery rows already there.
 */
export function messageIdOf(type: string, event: object): string {
  return `msg_${createHash('sha256')
    .update(`${type}\n${JSON.stringify(event)}`)
    .digest('base64url')
    .slice(0, 32)}`;
}

/** Queues attempt `attempt` of a delivery at `runAt`; at most one job per attempt ever exists. */
export async function queueAttempt(db: Database, deliveryId: string, attempt: number, runAt: Date, now: Date): Promise<void> {
  await enqueueJob(
    db,
    { name: DELIVERY_JOB, payload: { deliveryId, attempt }, runAt, dedupeKey: `${DELIVERY_JOB}:${deliveryId}:${attempt}` },
    now,
  );
}

/**
 * Writes the message's delivery row for each endpoint and queues its first attempt, both in one
 * transaction: a delivery in the log always has its attempt queued. The body is fixed here, so
 * every attempt sends the same bytes.
 */
export async function queueMessage(
  db: Database,
  endpoints: readonly EndpointRow[],
  message: WebhookMessage,
  now: Date,
): Promise<DeliveryRow[]> {
  const payload = { type: message.type, timestamp: message.at.toISOString(), data: message.data };
  const queued: DeliveryRow[] = [];
  for (const endpoint of endpoints) {
    const delivery = await db.transaction(async (tx) => {
      const txDb = tx as unknown as Database;
      const row = await insertDelivery(txDb, {
        endpointId: endpoint.id,
        organizationId: endpoint.organizationId,
        messageId: message.id,
        eventType: message.type,
        payload,
        now,
      });
      if (row) await queueAttempt(txDb, row.id, 1, now, now);
      return row;
    });
    if (delivery) queued.push(delivery);
  }
  return queued;
}
