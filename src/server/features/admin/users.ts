import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUserDetail, AdminUserList, AdminUserListQuerySchema, AdminUserSummary, PlatformRole, UserStatus } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, memberships, organizations, userMfa, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { listUserSessions } from '../../sessions/session-store.ts';
import { listRecentEventsFor } from './audit-log.ts';

const DAY_MS = 24 * 60 * 60_000;
const LAST_SIGN_IN_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

/** The latest successful sign-in, from the audit log (login.success is recorded on every sign-in). */
const lastSignInAt = sql<Date | string | null>`(select max(${auditLog.at}) from ${auditLog} where ${auditLog.targetUserId} = ${users.id} and ${auditLog.action} = 'login.success')`;

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  isPartner: users.isPartner,
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** GET /api/admin/users: search by e-mail or name; filter by role, status, two-factor and last sign-in. */
export async function listUsers(options: { db: Database; query: z.output<typeof AdminUserListQuerySchema>; now: Date }): Promise<AdminUserList> {
  const { db, query, now } = options;
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
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = () => db.select(summaryColumns).from(users).innerJoin(organizations, eq(organizations.id, users.organizationId)).leftJoin(userMfa, eq(userMfa.userId, users.id));
  const [total] = await db.select({ value: count() }).from(users).leftJoin(userMfa, eq(userMfa.userId, users.id)).where(where);
  const rows = await base()
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { users: rows.map(toSummary), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function findUserSummary(db: Database, userId: string) {
  const [row] = await db
    .select({ ...summaryColumns, failedLoginCount: users.failedLoginCount, passwordLockedAt: users.lockedUntil, mfaHardLocked: userMfa.hardLocked, mfaLockedUntil: userMfa.lockedUntil })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** GET /api/admin/users/:id: the account, its organisations, open sessions and recent events. */
export async function getUserDetail(options: { db: Database; id: string; now: Date }): Promise<AdminUserDetail> {
  const { db, id, now } = options;
  const row = await findUserSummary(db, id);
  if (!row) throw new AppError('not_found', 'User not found');
  const [home] = await db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, id));
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, id))
    .orderBy(asc(organizations.name));
  const sessions = await listUserSessions(db, id);
  const { failedLoginCount, passwordLockedAt, mfaHardLocked, mfaLockedUntil, ...summary } = row;
  return {
    ...toSummary(summary),
    mfaLocked: Boolean(mfaHardLocked) || (mfaLockedUntil !== null && mfaLockedUntil > now),
    passwordLocked: passwordLockedAt !== null,
    failedLoginCount,
    organizations: orgs.map((org) => ({ ...org, isHome: org.id === home?.organizationId })),
    sessions: sessions.map((s) => ({ createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), ip: s.ip, userAgent: s.userAgent, mfaVerified: s.mfaVerifiedAt !== null })),
    recentEvents: await listRecentEventsFor(db, id, 20),
  };
}
