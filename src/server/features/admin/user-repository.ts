import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserListQuerySchema, AdminUserSummary, PlatformRole, UserStatus } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, memberships, organizations, userMfa, users } from '../../db/schema.ts';
import { escapeLike } from '../../db/repositories/escape-like.ts';
import { accountColumns } from '../../sessions/caller-query.ts';

/** Accounts as /account-management reads them: summaries, one account's locks and organisations, the target of an action. */

const DAY_MS = 24 * 60 * 60_000;
const LAST_SIGN_IN_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

/** The latest successful sign-in, from the audit log (login.success is recorded on every sign-in). */
const lastSignInAt = sql<Date | string | null>`(select max(${auditLog.at}) from ${auditLog} where ${auditLog.targetUserId} = ${users.id} and ${auditLog.action} = 'login.success')`;

const summaryColumns = {
  ...accountColumns,
  totpEnabledAt: userMfa.totpEnabledAt,
  lastSignInAt,
  createdAt: users.createdAt,
  organizationName: organizations.name,
};

function toDate(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function toSummary(row: { id: string; email: string; firstName: string; lastName: string; role: string; status: string; isPartner: boolean; totpEnabledAt: Date | null; lastSignInAt: Date | string | null; createdAt: Date; organizationName: string }): AdminUserSummary {
  const { totpEnabledAt, ...rest } = row;
  return { ...rest, role: rest.role as PlatformRole, status: rest.status as UserStatus, mfaEnabled: totpEnabledAt !== null, lastSignInAt: toDate(rest.lastSignInAt), createdAt: rest.createdAt.toISOString() };
}

/** Search by e-mail or name; filter by role, status, two-factor and last sign-in. */
function userConditions(query: z.output<typeof AdminUserListQuerySchema>, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.mfa === 'on') conditions.push(isNotNull(userMfa.totpEnabledAt));
  if (query.mfa === 'off') conditions.push(isNull(userMfa.totpEnabledAt));
  if (query.lastSignIn === 'never') conditions.push(sql`${lastSignInAt} is null`);
  else if (query.lastSignIn !== 'any') {
    const since = new Date(now.getTime() - LAST_SIGN_IN_DAYS[query.lastSignIn] * DAY_MS).toISOString();
    conditions.push(sql`${lastSignInAt} >= ${since}::timestamptz`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of account summaries matching the query, newest first, and how many match in all. */
export async function findUserPage(db: Database, query: z.output<typeof AdminUserListQuerySchema>, now: Date): Promise<{ users: AdminUserSummary[]; total: number }> {
  const where = userConditions(query, now);
  const [total] = await db.select({ value: count() }).from(users).leftJoin(userMfa, eq(userMfa.userId, users.id)).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { users: rows.map(toSummary), total: total?.value ?? 0 };
}

/** One account's summary with its password and two-factor lock state, or null. */
export async function findUserWithLocks(db: Database, userId: string) {
  const [row] = await db
    .select({ ...summaryColumns, failedLoginCount: users.failedLoginCount, passwordLockedAt: users.lockedUntil, mfaHardLocked: userMfa.hardLocked, mfaLockedUntil: userMfa.lockedUntil })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { failedLoginCount, passwordLockedAt, mfaHardLocked, mfaLockedUntil, ...summary } = row;
  return { summary: toSummary(summary), failedLoginCount, passwordLockedAt, mfaHardLocked, mfaLockedUntil };
}

/** The organisations an account belongs to, by name, each marked when it is the account's home. */
export async function listUserOrganizations(db: Database, userId: string) {
  const [home] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name));
  return rows.map((org) => ({ ...org, isHome: org.id === home?.organizationId }));
}

/** The account an administrator acts on, or null. */
export async function findTargetAccount(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role, status: users.status, isPartner: users.isPartner })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Lifts the password sign-in lock (not a session fact: the session does not carry it). */
export async function clearPasswordLock(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, userId));
}
