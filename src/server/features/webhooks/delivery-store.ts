import { desc, eq } from 'drizzle-orm';
import { WEBHOOK_LOG_LENGTH } from '@/contracts/webhooks.ts';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Adds one event for one endpoint; null when that message is already queued for it (the unique (endpoint, message) pair). */
export async function insertDelivery(
  db: Database,
  values: { endpointId: string; organizationId: string; messageId: string; eventType: string; payload: Record<string, unknown>; now: Date },
): Promise<DeliveryRow | null> {
  const { now, ...fields } = values;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...fields, status: 'pending', nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.messageId] })
    .returning();
  return row ?? null;
}

export async function findDelivery(db: Database, deliveryId: string): Promise<DeliveryRow | null> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).limit(1);
  return row ?? null;
}

/** The delivery log of an endpoint, newest first. */
export async function listDeliveries(db: Database, endpointId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LENGTH);
}

export type AttemptRecord =
  | { status: 'delivered'; attempts: number; statusCode: number; at: Date }
  | { status: 'pending' | 'failed'; attempts: number; statusCode: number | null; error: string; nextAttemptAt: Date | null };

export async function recordAttempt(db: Database, deliveryId: string, record: AttemptRecord): Promise<void> {
  const changes =
    record.status === 'delivered'
      ? {
          status: 'delivered',
          attempts: record.attempts,
          lastStatusCode: record.statusCode,
          lastError: null,
          nextAttemptAt: null,
          deliveredAt: record.at,
        }
      : {
          status: record.status,
          attempts: record.attempts,
          lastStatusCode: record.statusCode,
          lastError: record.error.slice(0, 500),
          nextAttemptAt: record.nextAttemptAt,
        };
  await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, deliveryId));
}
