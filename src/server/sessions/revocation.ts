import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { apiTokens, memberships, oauthGrants, passkeys, sessions, users } from '../db/schema.ts';
import type { OrganizationRole, Role } from './auth-context.ts';
import { clearTotpEnrolment } from './two-factor-state.ts';
import { invalidateUserSessionCache } from './session-cache.ts';
import { deleteUserSessions } from './session-store.ts';

/**
 * Account changes that alter what an EXISTING session may do (ADR 143): account status, platform
 * role, partner flag, two-factor reset, revocation, membership changes and the session's
 * organisation, an API token's revocation (its calls are answered from the same cache, ADR 243),
 * an assistant's OAuth grant revoked (ADR 294) and every access of a deprovisioned person ended (ADR 296).
 * Each one ends with `sessionsChanged(db, userId)`, which drops what every instance's
 * session cache (ADR 173) holds for that user. Two-factor state and organisation access have their
 * own writers beside this file (two-factor-state.ts, organization-access.ts).
 */

/** Arbitrary constant naming the advisory lock that serialises changes to super administrators. */
const SUPER_ADMIN_LOCK_KEY = 1_500_015;

/** After the change has committed: every instance drops what its session cache holds for the user (ADR 173). */
async function sessionsChanged(db: Database, userId: string): Promise<void> {
  await invalidateUserSessionCache(db, userId);
}

/** Revokes every session of the user at once (admin "revoke sessions"). Returns how many ended. */
export async function revokeAllUserSessions(db: Database, userId: string): Promise<number> {
  const count = await deleteUserSessions(db, userId);
  await sessionsChanged(db, userId);
  return count;
}

export type AccountChangeResult =
  { ok: true; before: { role: string; status: string } } | { ok: false; reason: 'not_found' | 'last_super_admin' };

/**
 * Applies a role or status change unless it would leave no active super administrator. The
 * check and the update run under one transaction-scoped advisory lock, so two super admins
 * demoting each other at the same moment cannot both succeed.
 */
async function changeAccount(
  db: Database,
  userId: string,
  changes: { role?: Role; status?: 'active' | 'disabled' },
  now: Date,
): Promise<AccountChangeResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK_KEY})`);
    const [before] = await tx.select({ role: users.role, status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
    if (!before) return { ok: false, reason: 'not_found' } as const;
    const remainsSuperAdmin = (changes.role ?? before.role) === 'super_admin' && (changes.status ?? before.status) === 'active';
    if (before.role === 'super_admin' && before.status === 'active' && !remainsSuperAdmin) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'super_admin'), eq(users.status, 'active'), ne(users.id, userId)))
        .limit(1);
      if (others.length === 0) return { ok: false, reason: 'last_super_admin' } as const;
    }
    await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, userId));
    if (changes.status === 'disabled') await tx.delete(sessions).where(eq(sessions.userId, userId));
    return { ok: true, before } as const;
  });
}

/** Disables (ending every session at once) or re-enables an account; never the last active super admin. */
export async function setUserStatus(db: Database, userId: string, status: 'active' | 'disabled', now: Date): Promise<AccountChangeResult> {
  const result = await changeAccount(db, userId, { status }, now);
  if (result.ok) await sessionsChanged(db, userId);
  return result;
}

/** Changes the platform role (open sessions see it on their next request); never demotes the last active super admin. */
export async function setUserRole(db: Database, userId: string, role: Role, now: Date): Promise<AccountChangeResult> {
  const result = await changeAccount(db, userId, { role }, now);
  if (result.ok) await sessionsChanged(db, userId);
  return result;
}

/**
 * An access request decided (AUTH-04): a pending account becomes active (a partner if asked) or
 * rejected, when still pending; a rejected account's password-only sessions end.
 */
export async function settlePendingAccount(
  db: Database,
  userId: string,
  decision: 'approved' | 'rejected',
  options: { partner: boolean },
  now: Date,
): Promise<void> {
  const approved = decision === 'approved';
  await db
    .update(users)
    .set({ status: approved ? 'active' : 'rejected', ...(approved && options.partner ? { isPartner: true } : {}), updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')));
  if (!approved) await deleteUserSessions(db, userId);
  await sessionsChanged(db, userId);
}

export async function setUserPartner(db: Database, userId: string, isPartner: boolean, now: Date): Promise<void> {
  await db.update(users).set({ isPartner, updatedAt: now }).where(eq(users.id, userId));
  await sessionsChanged(db, userId);
}

/**
 * Administrator two-factor reset (the lost-device procedure): the authenticator, backup codes and
 * passkeys are deleted and every session ends, so the next sign-in must enrol again (the MFA gate
 * enforces it; a passkey of the lost device must not sign in either, ADR 226).
 */
export async function resetUserMfa(db: Database, userId: string, now: Date): Promise<void> {
  await clearTotpEnrolment(db, userId, now, { clearFailureLocks: true });
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await deleteUserSessions(db, userId);
  await sessionsChanged(db, userId);
}

/** Adds or changes a membership (invitation accepted, owner changes a role). */
export async function upsertMembership(
  db: Database,
  userId: string,
  organizationId: string,
  role: OrganizationRole,
  now: Date,
): Promise<void> {
  await db
    .insert(memberships)
    .values({ userId, organizationId, role, createdAt: now })
    .onConflictDoUpdate({ target: [memberships.userId, memberships.organizationId], set: { role } });
  await sessionsChanged(db, userId);
}

/** Removes a membership; sessions working in that organisation fall back to the home organisation at once. */
export async function removeMembership(db: Database, userId: string, organizationId: string): Promise<boolean> {
  const removed = await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .returning({ userId: memberships.userId });
  await db
    .update(sessions)
    .set({ currentOrganizationId: null })
    .where(and(eq(sessions.userId, userId), eq(sessions.currentOrganizationId, organizationId)));
  await sessionsChanged(db, userId);
  return removed.length === 1;
}

/** Switches the organisation one session works in (the caller has checked the membership). */
export async function selectSessionOrganization(
  db: Database,
  sessionId: string,
  userId: string,
  organizationId: string | null,
): Promise<void> {
  await db.update(sessions).set({ currentOrganizationId: organizationId }).where(eq(sessions.id, sessionId));
  await sessionsChanged(db, userId);
}

/**
 * Revokes one API token unless it already is (the caller has checked whose it is); true when this
 * call revoked it. Its owner's entries leave every instance's session cache with it, so the token's
 * next call is refused wherever it lands (ADR 243).
 */
export async function revokeApiTokenById(db: Database, tokenId: string, now: Date): Promise<boolean> {
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning({ userId: apiTokens.userId });
  if (revoked) await sessionsChanged(db, revoked.userId);
  return revoked !== undefined;
}

/**
 * Revokes an assistant's OAuth grant (ADR 294) unless it already is; the caller has checked whose it
 * is. Its access and refresh tokens die with it: the token lookup requires an unrevoked grant, and
 * its owner's cache entries leave every instance. Returns the grant's owner and organisation when
 * this call revoked it.
 */
export async function revokeOAuthGrantById(
  db: Database,
  grantId: string,
  now: Date,
): Promise<{ userId: string; organizationId: string } | null> {
  const [revoked] = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)))
    .returning({ userId: oauthGrants.userId, organizationId: oauthGrants.organizationId });
  if (revoked) await sessionsChanged(db, revoked.userId);
  return revoked ?? null;
}

/**
 * Ends every way in of an account at once (deprovisioning, ADR 296): its sessions, its API tokens
 * (personal and the organisation tokens it created) and its assistants' OAuth grants are deleted or
 * revoked, and every instance drops what it cached for the person within a second (ADR 173).
 */
export async function endEveryAccess(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ sessions: number; apiTokens: number; assistants: number }> {
  const ended = await db.transaction(async (tx) => {
    const closed = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    const tokens = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    const grants = await tx
      .update(oauthGrants)
      .set({ revokedAt: now })
      .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
      .returning({ id: oauthGrants.id });
    return { sessions: closed.length, apiTokens: tokens.length, assistants: grants.length };
  });
  await sessionsChanged(db, userId);
  return ended;
}
