import { hash, randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { callerFactColumns, joinCaller, unusedBackupCodesColumn } from './caller-query.ts';
import { toCallerUser, type AuthContext, type CallerUserRow, type PaymentRule } from './auth-context.ts';
import { effectiveOrganizationRole, roleUnlessBeingDeleted } from './organization-owner.ts';
import { invalidateSessionCache, invalidateUserSessionCache, sessionCacheFor, type SessionCache } from './session-cache.ts';

/** security.md decision 7 and SES-07/MFA-09/SES-13. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;
export const PASSWORD_ONLY_SESSION_LIFETIME_MS = 10 * 60_000;
/** lastSeenAt is written at most this often, so reads do not each cost a write (SES-08). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
export const MAX_SESSIONS_PER_USER = 10;

/** The session id of a cookie token: only this hash is stored (SES-02). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** 32 random bytes (256 bits) from the CSPRNG, base64url: the cookie value. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/**
 * Starts a session after a password check; returns the token for the cookie (never stored). A
 * passkey sign-in proves both factors in one step (ADR 226), so it opens the session with
 * `mfaVerifiedAt` already set.
 */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  meta: SessionMeta = {},
  factors: { mfaVerifiedAt?: Date } = {},
): Promise<string> {
  const token = generateSessionToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    mfaVerifiedAt: factors.mfaVerifiedAt ?? null,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_LIFETIME_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  await evictOldestSessions(db, userId);
  return token;
}

async function evictOldestSessions(db: Database, userId: string) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  const excess = rows.length - MAX_SESSIONS_PER_USER;
  for (const row of rows.slice(0, Math.max(0, excess))) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    await invalidateSessionCache(db, row.id);
  }
}

/**
 * Replaces the session's token (after MFA verification or step-up) and optionally marks it
 * MFA-verified; the old token stops working at once (SES-05). Returns the new token, or null when
 * the old session no longer exists.
 */
export async function rotateSession(
  db: Database,
  sessionId: string,
  now: Date,
  changes: { mfaVerifiedAt?: Date } = {},
): Promise<string | null> {
  const token = generateSessionToken();
  const newId = hashToken(token);
  const rotated = await db
    .update(sessions)
    .set({ id: newId, lastSeenAt: now, ...(changes.mfaVerifiedAt ? { mfaVerifiedAt: changes.mfaVerifiedAt } : {}) })
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id });
  await invalidateSessionCache(db, sessionId);
  return rotated.length === 1 ? token : null;
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await invalidateSessionCache(db, sessionId);
}

/** Revokes every session of a user, or every one but `exceptSessionId`. */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<number> {
  const condition = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
  const deleted = await db.delete(sessions).where(condition).returning({ id: sessions.id });
  // The whole user: the kept session may carry user fields that just changed (password, role).
  await invalidateUserSessionCache(db, userId);
  return deleted.length;
}

export async function listUserSessions(db: Database, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      mfaVerifiedAt: sessions.mfaVerifiedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  mfaVerifiedAt: Date | null;
  passwordOnlySince: Date | null;
}

/** Absolute expiry, idle expiry, and the password-only window (counted from passwordOnlySince). */
export function isSessionExpired(session: SessionTimes, now: Date): boolean {
  const t = now.getTime();
  if (t >= session.expiresAt.getTime()) return true;
  if (t - session.lastSeenAt.getTime() >= SESSION_IDLE_TIMEOUT_MS) return true;
  const passwordOnlyFrom = session.passwordOnlySince ?? session.createdAt;
  if (!session.mfaVerifiedAt && t - passwordOnlyFrom.getTime() >= PASSWORD_ONLY_SESSION_LIFETIME_MS) return true;
  return false;
}

interface SessionAuthRow {
  session: SessionTimes;
  user: CallerUserRow & { status: string };
  /** The session's current organisation: its selection, else the user's home organisation (ADR 140). */
  organizationId: string;
  membershipRole: string | null;
  totpEnabledAt: Date | null;
  /** Unused backup codes: the MFA status is answered from the session (ADR 205). */
  backupCodesCount: number;
  subscriptionStatus: string;
  subscriptionAccessUntil: Date | null;
  /** Set while an owner's deletion of the organisation is pending (ADR 233): only owners keep it. */
  deletionRequestedAt: Date | null;
}

async function readSessionAuthRow(db: Database, sessionId: string): Promise<SessionAuthRow | null> {
  // The session's current organisation: its selection, else the user's home organisation (ADR 140).
  const currentOrganizationId = sql<string>`coalesce(${sessions.currentOrganizationId}, ${users.organizationId})`;
  const session = {
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
    mfaVerifiedAt: sessions.mfaVerifiedAt,
    passwordOnlySince: sessions.passwordOnlySince,
  };
  const [row] = await joinCaller(
    db
      .select({ session, ...callerFactColumns, backupCodesCount: unusedBackupCodesColumn })
      .from(sessions)
      .$dynamic(),
    { userId: sessions.userId, organizationId: currentOrganizationId },
  )
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ? { ...row, totpEnabledAt: row.totpEnabledAt ?? null, membershipRole: row.membershipRole ?? null } : null;
}

function isUsable(row: SessionAuthRow, now: Date): boolean {
  return !isSessionExpired(row.session, now) && row.user.status === 'active';
}

function organizationRoleOf(row: SessionAuthRow): AuthContext['user']['organizationRole'] | null {
  return roleUnlessBeingDeleted(
    effectiveOrganizationRole(row.membershipRole, row.organizationId, row.user.homeOrganizationId),
    row.deletionRequestedAt,
  );
}

function needsTouch(row: SessionAuthRow, nowMs: number): boolean {
  return nowMs - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

function toAuthContext(
  row: SessionAuthRow,
  sessionId: string,
  organizationRole: AuthContext['user']['organizationRole'],
  now: Date,
  paymentRule: PaymentRule,
): AuthContext {
  const user = toCallerUser(row.user, row.organizationId, organizationRole);
  const { role } = user;
  const totpEnabled = row.totpEnabledAt !== null;
  return {
    user,
    session: { id: sessionId, createdAt: row.session.createdAt, mfaVerifiedAt: row.session.mfaVerifiedAt },
    totpEnabled,
    backupCodesCount: totpEnabled ? row.backupCodesCount : 0,
    // The rule is billing's (features/billing/entitlement.ts), handed to sessions at start-up.
    requiresPayment: paymentRule(
      { role, subscriptionStatus: row.subscriptionStatus, subscriptionAccessUntil: row.subscriptionAccessUntil },
      now,
    ),
  };
}

/** The row of a session that may be used now: from this instance's session cache (ADR 173), else read. */
async function loadUsableRow(
  db: Database,
  cache: SessionCache<SessionAuthRow> | undefined,
  sessionId: string,
  now: Date,
): Promise<SessionAuthRow | null> {
  const cached = cache?.get(sessionId, now.getTime());
  // Never refuse from the cache: another instance may have touched the session since.
  if (cached && isUsable(cached, now)) return cached;
  if (cached) cache?.forget(sessionId);
  const readEpoch = cache?.epoch() ?? 0;
  const row = await readSessionAuthRow(db, sessionId);
  if (!row) return null;
  if (!isUsable(row, now)) {
    await deleteSession(db, sessionId);
    return null;
  }
  cache?.set(sessionId, row, { userId: row.user.id, organizationId: row.organizationId }, readEpoch, now.getTime());
  return row;
}

/**
 * Reads the session behind a cookie token, with the user, their current organisation and role in
 * it, their MFA state and billing state, in one query or from the session cache. Expired sessions
 * are deleted; a session of an account that is no longer active is treated as absent; a session
 * whose selected organisation the user has left falls back to the home organisation. lastSeenAt is
 * written at most once a minute.
 */
export async function findSessionAuth(db: Database, token: string, now: Date, paymentRule: PaymentRule): Promise<AuthContext | null> {
  const sessionId = hashToken(token);
  const cache = sessionCacheFor(db) as SessionCache<SessionAuthRow> | undefined;
  let row = await loadUsableRow(db, cache, sessionId, now);
  if (!row) return null;
  let organizationRole = organizationRoleOf(row);
  if (!organizationRole) {
    await db.update(sessions).set({ currentOrganizationId: null }).where(eq(sessions.id, sessionId));
    cache?.forget(sessionId);
    row = await loadUsableRow(db, cache, sessionId, now);
    // The home organisation yields a role (organizationRoleOf) unless it is being deleted and the
    // user is not its owner (ADR 233); null here means the session just ended or has nowhere to work.
    organizationRole = row && organizationRoleOf(row);
    if (!row || !organizationRole) return null;
  }
  if (needsTouch(row, now.getTime())) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    row = { ...row, session: { ...row.session, lastSeenAt: now } };
    cache?.update(sessionId, row);
  }
  return toAuthContext(row, sessionId, organizationRole, now, paymentRule);
}

/**
 * After TOTP is disabled (security.md decision 6): every other session of the user is revoked and
 * this one loses its MFA flag, with a fresh 10-minute password-only window to enrol again (the
 * creation time and absolute expiry are unchanged).
 */
export async function resetUserSessionsToPasswordOnly(db: Database, userId: string, keepSessionId: string, now: Date): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
  await db.update(sessions).set({ mfaVerifiedAt: null, passwordOnlySince: now, lastSeenAt: now }).where(eq(sessions.id, keepSessionId));
  await invalidateSessionCache(db, keepSessionId);
}
