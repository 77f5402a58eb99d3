import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { organizations, sessions, userMfa, users } from '../db/schema.ts';
import { createSession, hashToken } from '../sessions/session-store.ts';
import type { Role } from '../sessions/auth-context.ts';
import type { TestApp } from './test-app.ts';

export interface VerifiedUser {
  id: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/**
 * A signed-in user whose session already passed MFA (TOTP enrolled, session verified), built
 * straight in the database so feature tests do not depend on the log-in and MFA flows.
 * Returns the `cookie` header value to send with `app.inject()`.
 */
export async function createVerifiedUserSession(
  t: TestApp,
  options: { role?: Role; email?: string; firstName?: string; lastName?: string; organizationId?: string } = {},
): Promise<{ cookie: string; user: VerifiedUser }> {
  const db = t.app.db;
  const now = t.clock.now();
  const suffix = randomBytes(4).toString('hex');
  const organizationId = options.organizationId ?? (await createOrganization(t, suffix));
  const [user] = await db
    .insert(users)
    .values({
      organizationId,
      email: (options.email ?? `user-${suffix}@example.com`).toLowerCase(),
      // Never used to log in: the session is created directly.
      passwordHash: 'test-only-not-a-hash',
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'User',
      role: options.role ?? 'user',
      status: 'active',
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  await db.insert(userMfa).values({ userId: user.id, totpSecretEnc: 'test-only', totpEnabledAt: now });
  const token = await createSession(db, user.id, now);
  await db
    .update(sessions)
    .set({ mfaVerifiedAt: now })
    .where(eq(sessions.id, hashToken(token)));
  return {
    cookie: `${t.app.sessionCookieName}=${token}`,
    user: {
      id: user.id,
      organizationId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: options.role ?? 'user',
    },
  };
}

async function createOrganization(t: TestApp, suffix: string): Promise<string> {
  const [organization] = await t.app.db.insert(organizations).values({ name: `Test Org ${suffix}`, subscriptionStatus: 'active' }).returning();
  if (!organization) throw new Error('organization insert returned no row');
  return organization.id;
}
