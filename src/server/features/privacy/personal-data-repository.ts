import { asc, eq, or } from 'drizzle-orm';
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

export function readSessions(db: Database, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, secondFactorAt: sessions.mfaVerifiedAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
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
  return db
    .select({ name: passkeys.name, deviceType: passkeys.deviceType, backedUp: passkeys.backedUp, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export function readHelpRequests(db: Database, userId: string) {
  return db
    .select({ category: helpRequests.category, subject: helpRequests.subject, message: helpRequests.message, status: helpRequests.status, createdAt: helpRequests.createdAt })
    .from(helpRequests)
    .where(eq(helpRequests.userId, userId))
    .orderBy(asc(helpRequests.createdAt));
}

export function readAccessRequests(db: Database, userId: string) {
  return db
    .select({ company: accessRequests.company, phone: accessRequests.phone, message: accessRequests.message, status: accessRequests.status, createdAt: accessRequests.createdAt, decidedAt: accessRequests.decidedAt })
    .from(accessRequests)
    .where(eq(accessRequests.userId, userId))
    .orderBy(asc(accessRequests.createdAt));
}
