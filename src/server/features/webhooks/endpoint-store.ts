import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, subscriptions, webhookEndpoints } from '../../db/schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = typeof webhookEndpoints.$inferInsert;

export async function listEndpoints(db: Database, organizationId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt));
}

export async function countEndpoints(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
  return Number(row?.total ?? 0);
}

/** An endpoint of this organisation (null for another organisation's: ids cannot be probed). */
export async function findEndpointOf(db: Database, organizationId: string, endpointId: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export async function findEndpoint(db: Database, endpointId: string): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1);
  return row ?? null;
}

/** The enabled endpoints of the organisation that asked for this event. */
export async function listSubscribedEndpoints(db: Database, organizationId: string, eventType: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    );
}

export async function insertEndpoint(db: Database, values: NewEndpoint): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return row;
}

export async function updateEndpoint(db: Database, endpointId: string, changes: Partial<NewEndpoint>): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, endpointId)).returning();
  if (!row) throw new Error('webhook endpoint update returned no row');
  return row;
}

export async function deleteEndpoint(db: Database, endpointId: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

/** What `subscription.changed` tells a receiver: the organisation's access now, and its plan. */
export async function readSubscriptionState(
  db: Database,
  organizationId: string,
): Promise<{ status: string; accessUntil: Date | null; plan: string | null } | null> {
  const [row] = await db
    .select({ status: organizations.subscriptionStatus, accessUntil: organizations.subscriptionAccessUntil, plan: subscriptions.plan })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}
