import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, userMfa, users } from '../../db/schema.ts';
import { createVerifiedUserSession } from '../../test/authenticated-session.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createSession, hashToken } from '../auth/session-store.ts';

export interface SessionUser {
  cookie: string;
  userId: string;
  organizationId: string;
}

/** A verified user in a new organisation. */
export async function createUserInNewOrganization(t: TestApp): Promise<SessionUser> {
  const { cookie, user } = await createVerifiedUserSession(t);
  return { cookie, userId: user.id, organizationId: user.organizationId };
}

/** A second verified member of an existing organisation (the shared helper always makes a new one). */
export async function createMemberOf(t: TestApp, organizationId: string): Promise<SessionUser> {
  const db = t.app.db;
  const now = t.clock.now();
  const suffix = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({ organizationId, email: `member-${suffix}@example.com`, passwordHash: 'test-only-not-a-hash', firstName: 'Member', lastName: suffix, role: 'user', status: 'active' })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  await db.insert(userMfa).values({ userId: user.id, totpSecretEnc: 'test-only', totpEnabledAt: now });
  const token = await createSession(db, user.id, now);
  await db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
  return { cookie: `${t.app.sessionCookieName}=${token}`, userId: user.id, organizationId };
}
