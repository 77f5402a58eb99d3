import { asc, desc, eq, or, type Column } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accessRequests, apiTokens, assessments, auditLog, helpRequests, memberships, organizations, passkeys, sessions, userMfa, users } from '../../db/schema.ts';

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

/**
 * The rows a select reads from `table` whose `person` column is the person, joined to the
 * organisation each was made in (for `organizations.name`), by creation time: oldest first unless
 * `order` says otherwise.
 */
function inTheirOrganizations<Q extends PgSelect>(rows: Q, table: { organizationId: Column; createdAt: Column }, person: Column, userId: string, order = asc) {
  return rows
    .innerJoin(organizations, eq(organizations.id, table.organizationId))
    .where(eq(person, userId))
    .orderBy(order(table.createdAt));
}

export function readMemberships(db: Database, userId: string) {
  const fields = { organizationId: organizations.id, organization: organizations.name, role: memberships.role, since: memberships.createdAt };
  return inTheirOrganizations(db.select(fields).from(memberships).$dynamic(), memberships, memberships.userId, userId);
}

/** The assessments this person wrote, in every organisation, with their answers and the headline figures of the result, newest first. */
export function readAuthoredAssessments(db: Database, userId: string) {
  const { id, title, status, path, input, businessAnswers, evidenceNotes, summary, engineVersion, createdAt, updatedAt, completedAt } = assessments;
  const fields = { id, title, organization: organizations.name, status, path, answers: input, businessAnswers, evidenceNotes, resultSummary: summary, engineVersion, createdAt, updatedAt, completedAt };
  return inTheirOrganizations(db.select(fields).from(assessments).$dynamic(), assessments, assessments.authorId, userId, desc);
}

export function readApiTokens(db: Database, userId: string) {
  const { name, kind, scopes, createdAt, expiresAt, lastUsedAt, revokedAt } = apiTokens;
  const fields = { name, kind, organization: organizations.name, scopes, createdAt, expiresAt, lastUsedAt, revokedAt };
  return inTheirOrganizations(db.select(fields).from(apiTokens).$dynamic(), apiTokens, apiTokens.userId, userId);
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
