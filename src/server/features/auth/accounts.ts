import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accessRequests, memberships, organizations, users } from '../../db/schema.ts';
import type { Role } from '../../sessions/auth-context.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** E-mail addresses are compared and stored lower-cased (AUTH-09). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ user: users, subscriptionStatus: organizations.subscriptionStatus, subscriptionAccessUntil: organizations.subscriptionAccessUntil })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ? { ...row.user, subscriptionStatus: row.subscriptionStatus, subscriptionAccessUntil: row.subscriptionAccessUntil } : null;
}

export async function findUserById(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  phone?: string | null;
  role?: Role;
  status: 'active' | 'pending';
}

/** Creates the organisation and its first user together; returns null when the address is taken. */
export async function createAccount(db: Database, account: NewAccount, now: Date): Promise<{ userId: string; organizationId: string } | null> {
  try {
    return await db.transaction(async (tx) => {
      const [organization] = await tx.insert(organizations).values({ name: account.organizationName, createdAt: now }).returning({ id: organizations.id });
      if (!organization) throw new Error('organization insert returned no row');
      const [user] = await tx
        .insert(users)
        .values({
          organizationId: organization.id,
          email: normalizeEmail(account.email),
          passwordHash: account.passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          phone: account.phone ?? null,
          role: account.role ?? 'user',
          status: account.status,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      // The first user owns the organisation (ADR 140).
      await tx.insert(memberships).values({ userId: user.id, organizationId: organization.id, role: 'owner', createdAt: now });
      return { userId: user.id, organizationId: organization.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}


/** Active administrators, who are told about new access requests. */
export async function listAdminEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'super_admin']), eq(users.status, 'active')));
  return rows.map((row) => row.email);
}

/** The access request of a new pending account; returns its id. */
export async function insertAccessRequest(db: Database, request: { userId: string; company: string | null; phone: string | null; message: string | null }, now: Date): Promise<string | undefined> {
  const [row] = await db.insert(accessRequests).values({ ...request, createdAt: now }).returning({ id: accessRequests.id });
  return row?.id;
}

/**
 * The password sign-in lock lives on the account but no session carries it (ADR 143 leaves it to
 * auth): a sign-in clears the count, a failure adds one, the hard lock stamps `lockedUntil`.
 */
export async function recordSignIn(db: Database, userId: string, rehashed: string | null): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, ...(rehashed ? { passwordHash: rehashed } : {}) })
    .where(eq(users.id, userId));
}

/** Adds one failed sign-in; returns the new count. */
export async function countFailedSignIn(db: Database, userId: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  return row?.failedLoginCount;
}

export async function markSignInLocked(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(users).set({ lockedUntil: now }).where(eq(users.id, userId));
}

/** Stores a new password hash; a reset also lifts the sign-in lock (self-service unlock, RL-01). */
export async function setPasswordHash(db: Database, userId: string, passwordHash: string, now: Date, options: { unlock: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, ...(options.unlock ? { failedLoginCount: 0, lockedUntil: null } : {}), updatedAt: now })
    .where(eq(users.id, userId));
}
