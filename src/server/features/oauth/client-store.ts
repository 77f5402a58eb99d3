import { and, eq, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { oauthAuthorizationRequests, oauthClients, oauthGrants } from '../../db/schema.ts';

/** Registered OAuth clients (ADR 294): written once at registration, never changed. */

export type ClientRow = typeof oauthClients.$inferSelect;

export async function insertClient(db: Database, client: typeof oauthClients.$inferInsert): Promise<ClientRow> {
  const [row] = await db.insert(oauthClients).values(client).returning();
  if (!row) throw new Error('oauth client insert returned no row');
  return row;
}

export async function findClient(db: Database, clientId: string): Promise<ClientRow | null> {
  if (clientId.length > 200) return null;
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  return row ?? null;
}

/** Clients registered before `before` that nobody consented to and no consent page is waiting for. */
export async function deleteUnusedClients(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(oauthClients)
    .where(
      and(
        lt(oauthClients.createdAt, before),
        notExists(db.select({ id: oauthGrants.id }).from(oauthGrants).where(eq(oauthGrants.clientId, oauthClients.id))),
        notExists(db.select({ id: oauthAuthorizationRequests.id }).from(oauthAuthorizationRequests).where(eq(oauthAuthorizationRequests.clientId, oauthClients.id))),
      ),
    )
    .returning({ id: oauthClients.id });
  return deleted.length;
}
