import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, ssoConnections, ssoDomains } from '../../db/schema.ts';

/** SSO connections and their domains as this feature reads and writes them (ADR 225). */

export type ConnectionRow = typeof ssoConnections.$inferSelect;
export type DomainRow = typeof ssoDomains.$inferSelect;
export type ConnectionWithDomains = ConnectionRow & { domains: DomainRow[] };

/** 128 random bits: what the owner publishes in DNS to prove the domain. */
function newVerificationToken(): string {
  return randomBytes(16).toString('hex');
}

async function domainsOf(db: Database, connectionIds: string[]): Promise<DomainRow[]> {
  if (connectionIds.length === 0) return [];
  return db.select().from(ssoDomains).where(inArray(ssoDomains.connectionId, connectionIds)).orderBy(asc(ssoDomains.domain));
}

export async function listConnections(db: Database, organizationId: string): Promise<ConnectionWithDomains[]> {
  const connections = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId)).orderBy(asc(ssoConnections.createdAt));
  const domains = await domainsOf(
    db,
    connections.map((connection) => connection.id),
  );
  return connections.map((connection) => ({ ...connection, domains: domains.filter((domain) => domain.connectionId === connection.id) }));
}

/** A connection of this organisation (null for another organisation's: ids cannot be probed). */
export async function findConnectionOf(db: Database, organizationId: string, connectionId: string): Promise<ConnectionWithDomains | null> {
  const [connection] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, connectionId), eq(ssoConnections.organizationId, organizationId)))
    .limit(1);
  if (!connection) return null;
  return { ...connection, domains: await domainsOf(db, [connection.id]) };
}

export async function findConnectionById(db: Database, connectionId: string): Promise<ConnectionRow | null> {
  const [connection] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId)).limit(1);
  return connection ?? null;
}

/** Who holds each of these domains verified, other than `exceptConnectionId`: the owner-facing 409 names them. */
export async function findVerifiedElsewhere(db: Database, domains: string[], exceptConnectionId: string | null): Promise<Array<{ domain: string; organizationId: string }>> {
  if (domains.length === 0) return [];
  const conditions = [inArray(ssoDomains.domain, domains), isNotNull(ssoDomains.verifiedAt)];
  if (exceptConnectionId) conditions.push(ne(ssoDomains.connectionId, exceptConnectionId));
  return db
    .select({ domain: ssoDomains.domain, organizationId: ssoDomains.organizationId })
    .from(ssoDomains)
    .where(and(...conditions));
}

export interface NewConnection {
  id: string;
  organizationId: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecretEnc: string;
  defaultRole: string;
  required: boolean;
  createdById: string;
}

export async function insertConnection(db: Database, connection: NewConnection, domains: string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(ssoConnections).values({ ...connection, createdAt: now, updatedAt: now });
    await tx.insert(ssoDomains).values(
      domains.map((domain) => ({ connectionId: connection.id, organizationId: connection.organizationId, domain, verificationToken: newVerificationToken(), createdAt: now })),
    );
  });
}

export interface ConnectionChanges {
  name?: string;
  issuer?: string;
  clientId?: string;
  clientSecretEnc?: string;
  defaultRole?: string;
  required?: boolean;
}

/** Applies the changes; a new domain list replaces the old one, kept domains keeping their verification. */
export async function updateConnection(db: Database, connection: ConnectionWithDomains, changes: ConnectionChanges, domains: string[] | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(ssoConnections)
      .set({ ...changes, updatedAt: now })
      .where(eq(ssoConnections.id, connection.id));
    if (!domains) return;
    const removed = connection.domains.filter((row) => !domains.includes(row.domain)).map((row) => row.id);
    if (removed.length > 0) await tx.delete(ssoDomains).where(inArray(ssoDomains.id, removed));
    const added = domains.filter((domain) => !connection.domains.some((row) => row.domain === domain));
    if (added.length > 0) {
      await tx
        .insert(ssoDomains)
        .values(added.map((domain) => ({ connectionId: connection.id, organizationId: connection.organizationId, domain, verificationToken: newVerificationToken(), createdAt: now })));
    }
  });
}

export async function deleteConnection(db: Database, connectionId: string): Promise<void> {
  await db.delete(ssoConnections).where(eq(ssoConnections.id, connectionId));
}

export async function findDomainOf(db: Database, connectionId: string, domainId: string): Promise<DomainRow | null> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, domainId), eq(ssoDomains.connectionId, connectionId)))
    .limit(1);
  return row ?? null;
}

export async function findDomainById(db: Database, domainId: string): Promise<DomainRow | null> {
  const [row] = await db.select().from(ssoDomains).where(eq(ssoDomains.id, domainId)).limit(1);
  return row ?? null;
}

/** Marks the domain verified unless it already is; the partial unique index refuses a second verified holder (23505). */
export async function markDomainVerified(db: Database, domainId: string, verifiedBy: 'dns' | 'admin', now: Date): Promise<DomainRow | null> {
  const [row] = await db
    .update(ssoDomains)
    .set({ verifiedAt: now, verifiedBy })
    .where(and(eq(ssoDomains.id, domainId), isNull(ssoDomains.verifiedAt)))
    .returning();
  return row ?? null;
}

export interface PendingDomainRow {
  domain: DomainRow;
  organizationName: string;
  connectionName: string;
}

export async function listPendingDomains(db: Database): Promise<PendingDomainRow[]> {
  return db
    .select({ domain: ssoDomains, organizationName: organizations.name, connectionName: ssoConnections.name })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .innerJoin(organizations, eq(organizations.id, ssoDomains.organizationId))
    .where(isNull(ssoDomains.verifiedAt))
    .orderBy(asc(ssoDomains.createdAt));
}

/** The connection that signs in people of a VERIFIED domain; an unverified domain lets nobody in. */
export async function findConnectionForDomain(db: Database, domain: string): Promise<ConnectionRow | null> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row?.connection ?? null;
}

/** True when `domain` is verified for this organisation (by any of its connections). */
export async function isVerifiedDomainOf(db: Database, organizationId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.organizationId, organizationId), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return Boolean(row);
}

