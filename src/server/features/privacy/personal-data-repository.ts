import { asc, eq, or, type Column } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accessRequests, apiTokens, auditLog, helpRequests, memberships, organizations, passkeys, sessions, userMfa, users } from '../../db/schema.ts';

/**
 * What CIFER holds about one person, table by table, for their copy (ADR 232). Each query names its
 * columns: a secret (password hash, TOTP secret, token and session hashes) is never selected, so it
 * cannot reach the archive by a later `select *`.
 */

export async function readAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      platformRole: users.role,
      status: users.status,
      isPartner: users.isPartner,
      homeOrganization: organizations.name,
      signedUpWithSingleSignOn: users.ssoConnectionId,
      passwordChangedAt: users.passwordChangedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      twoFactorEnabledAt: userMfa.totpEnabledAt,
    })
    .from(users)
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row ? { ...row, signedUpWithSingleSignOn: row.signedUpWithSingleSignOn !== null } : null;
}

/** A table with the person's rows: who they belong to and when each was made. */
type OwnedTable = PgTable & { userId: Column; createdAt: Column };

/** The person's own rows of a table, oldest first, with the columns named (never a secret). */
function readOwnRows<Fields extends SelectedFields>(db: Database, table: OwnedTable, fields: Fields, userId: string) {
  return db.select(fields).from(table).where(eq(table.userId, userId)).orderBy(asc(table.createdAt));
}

export function readSessions(db: Database, userId: string) {
  const { createdAt, lastSeenAt, expiresAt, mfaVerifiedAt, ip, userAgent } = sessions;
  return readOwnRows(db, sessions, { createdAt, lastSeenAt, expiresAt, secondFactorAt: mfaVerifiedAt, ip, userAgent }, userId);
}

export function readAuditEntries(db: Database, userId: string) {
  return db
    .select({ at: auditLog.at, action: auditLog.action, actorUserId: auditLog.actorUserId, targetUserId: auditLog.targetUserId, organizationId: auditLog.organizationId, ip: auditLog.ip, details: auditLog.details })
    .from(auditLog)
    .where(or(eq(auditLog.actorUserId, userId), eq(auditLog.targetUserId, userId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

export function readMemberships(db: Database, userId: string) {
  return db
    .select({ organizationId: organizations.id, organization: organizations.name, role: memberships.role, since: memberships.createdAt })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
}

export function readApiTokens(db: Database, userId: string) {
  return db
    .select({
      name: apiTokens.name,
      kind: apiTokens.kind,
      organization: organizations.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt));
}

export function readPasskeys(db: Database, userId: string) {
  const { name, deviceType, backedUp, createdAt, lastUsedAt } = passkeys;
  return readOwnRows(db, passkeys, { name, deviceType, backedUp, createdAt, lastUsedAt }, userId);
}

export function readHelpRequests(db: Database, userId: string) {
  const { category, subject, message, status, createdAt } = helpRequests;
  return readOwnRows(db, helpRequests, { category, subject, message, status, createdAt }, userId);
}

export function readAccessRequests(db: Database, userId: string) {
  const { company, phone, message, status, createdAt, decidedAt } = accessRequests;
  return readOwnRows(db, accessRequests, { company, phone, message, status, createdAt, decidedAt }, userId);
}
