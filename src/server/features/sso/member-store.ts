import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';

/** Accounts and memberships as single sign-on reads them and creates them (ADR 225). */

export async function findAccountByEmail(db: Database, email: string): Promise<{ id: string; status: string; homeOrganizationId: string } | null> {
  const [row] = await db.select({ id: users.id, status: users.status, homeOrganizationId: users.organizationId }).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function hasMembership(db: Database, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}

export interface NewSsoAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  ssoConnectionId: string;
  role: string;
}

/**
 * The account and its membership in one transaction: the organisation is the account's home, and
 * a home without a membership row would read as owned, so neither exists without the other.
 * Returns null when the address was taken meanwhile (a parallel first sign-in).
 */
export async function insertSsoAccount(db: Database, account: NewSsoAccount, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: account.organizationId,
        email: account.email,
        passwordHash: account.passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        role: 'user',
        status: 'active',
        ssoConnectionId: account.ssoConnectionId,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return null;
    await tx.insert(memberships).values({ userId: user.id, organizationId: account.organizationId, role: account.role, createdAt: now });
    return user.id;
  });
}
