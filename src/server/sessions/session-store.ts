import { hash, randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { hasSubscriptionAccess } from '@/contracts/billing.ts';
import type { Database } from '../db/client.ts';
import { memberships, organizations, sessions, userMfa, users } from '../db/schema.ts';
import { toOrganizationRole, toRole, type AuthContext } from './auth-context.ts';
import { invalidateSessionCache, invalidateUserSessionCache, SESSION_CACHE_MAX_ENTRIES, sessionCacheFor, type SessionCache } from './session-cache.ts';

/** security.md decision 7 and SES-07/MFA-09/SES-13. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;
export const PASSWORD_ONLY_SESSION_LIFETIME_MS = 10 * 60_000;
/** lastSeenAt is written at most this often, so reads do not each cost a write (SES-08). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
export const MAX_SESSIONS_PER_USER = 10;

export function hashToken(token: string): string {
  // The one-shot digest: no Hash object per request.
  return hash('sha256', token, 'hex');
}

const recentSessionIds = new Map<string, string>();

/**
 * The session id of a presented cookie token, remembered for the tokens this process saw last
 * (ADR 186): hashing the same token again on every request of a session cost more than the
 * session-cache look-up it leads to. A pure function of the token, so nothing to invalidate; the
 * memo is emptied when it reaches the session cache's size bound. The raw tokens it holds never
 * leave process memory (the database keeps only the hash, as before).
 */
export function sessionIdOf(token: string): string {
  let sessionId = recentSessionIds.get(token);
  if (sessionId === undefined) {
    sessionId = hashToken(token);
    if (recentSessionIds.size >= SESSION_CACHE_MAX_ENTRIES) recentSessionIds.clear();
    recentSessionIds.set(token, sessionId);
  }
  return sessionId;
}

/** 32 random bytes (256 bits) from the CSPRNG, base64url: the cookie value. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Starts a session after a password check; returns the token for the cookie (never stored). */
export async function createSession(db: Database, userId: string, now: Date, meta: SessionMeta = {}): Promise<string> {
  const token = generateSessionToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
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
export async function rotateSession(db: Database, sessionId: string, now: Date, changes: { mfaVerifiedAt?: Date } = {}): Promise<string | null> {
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
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent, mfaVerifiedAt: sessions.mfaVerifiedAt })
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
  user: { id: string; homeOrganizationId: string; email: string; firstName: string; lastName: string; role: string; status: string; isPartner: boolean };
  /** The session's current organisation: its selection, else the user's home organisation (ADR 140). */
  organizationId: string;
  membershipRole: string | null;
  totpEnabledAt: Date | null;
  subscriptionStatus: string;
  subscriptionAccessUntil: Date | null;
}

async function readSessionAuthRow(db: Database, sessionId: string): Promise<SessionAuthRow | null> {
  const currentOrganizationId = sql<string>`coalesce(${sessions.currentOrganizationId}, ${users.organizationId})`;
  const [row] = await db
    .select({
      session: { createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, mfaVerifiedAt: sessions.mfaVerifiedAt, passwordOnlySince: sessions.passwordOnlySince },
      user: {
        id: users.id,
        homeOrganizationId: users.organizationId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        status: users.status,
        isPartner: users.isPartner,
      },
      organizationId: organizations.id,
      membershipRole: memberships.role,
      totpEnabledAt: userMfa.totpEnabledAt,
      subscriptionStatus: organizations.subscriptionStatus,
      subscriptionAccessUntil: organizations.subscriptionAccessUntil,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, currentOrganizationId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizations.id)))
    .leftJoin(userMfa, eq(userMfa.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ? { ...row, totpEnabledAt: row.totpEnabledAt ?? null, membershipRole: row.membershipRole ?? null } : null;
}

function isUsable(row: SessionAuthRow, now: Date): boolean {
  return !isSessionExpired(row.session, now) && row.user.status === 'active';
}

function organizationRoleOf(row: SessionAuthRow): AuthContext['user']['organizationRole'] | null {
  // The home organisation is the user's own: a home row without a membership (an account made
  // before memberships existed) keeps the owner rights it always had.
  return toOrganizationRole(row.membershipRole) ?? (row.organizationId === row.user.homeOrganizationId ? 'owner' : null);
}

function needsTouch(row: SessionAuthRow, nowMs: number): boolean {
  return nowMs - row.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

function toAuthContext(row: SessionAuthRow, sessionId: string, organizationRole: AuthContext['user']['organizationRole'], now: Date, billingRequired: boolean): AuthContext {
  const { status: _status, ...user } = row.user;
  return {
    user: { ...user, organizationId: row.organizationId, organizationRole, role: toRole(user.role) },
    session: { id: sessionId, createdAt: row.session.createdAt, mfaVerifiedAt: row.session.mfaVerifiedAt },
    totpEnabled: row.totpEnabledAt !== null,
    // Staff (admin roles) never pay; everyone else needs access by the billing rule (ADR 132).
    requiresPayment:
      billingRequired && toRole(user.role) === 'user' && !hasSubscriptionAccess(row.subscriptionStatus, row.subscriptionAccessUntil, now),
  };
}

/**
 * The common case of findSessionAuth without a promise: the session cache holds a fresh, usable
 * entry that needs no write. Undefined means "ask findSessionAuth" (never "no session"), so the
 * two always agree (ADR 185).
 */
export function findCachedSessionAuth(db: Database, token: string, now: Date, billingRequired: boolean): AuthContext | undefined {
  const cache = sessionCacheFor(db) as SessionCache<SessionAuthRow> | undefined;
  if (!cache) return undefined;
  const sessionId = sessionIdOf(token);
  const nowMs = now.getTime();
  const row = cache.get(sessionId, nowMs);
  if (!row || !isUsable(row, now) || needsTouch(row, nowMs)) return undefined;
  const organizationRole = organizationRoleOf(row);
  return organizationRole ? toAuthContext(row, sessionId, organizationRole, now, billingRequired) : undefined;
}

/**
 * Reads the session behind a cookie token, with the user, their current organisation and role in
 * it, their MFA state and billing state: from the instance's session cache when it holds a fresh
 * entry (no database round trip, ADR 173), else in one query. Expired sessions are deleted; a
 * session of an account that is no longer active is treated as absent. lastSeenAt is written at
 * most once a minute either way.
 */
export async function findSessionAuth(db: Database, token: string, now: Date, billingRequired: boolean): Promise<AuthContext | null> {
  const sessionId = sessionIdOf(token);
  const cache = sessionCacheFor(db) as SessionCache<SessionAuthRow> | undefined;
  const nowMs = now.getTime();
  let row = cache?.get(sessionId, nowMs);
  if (row && !isUsable(row, now)) {
    // Never refuse from the cache: another instance may have touched the session since.
    cache?.forget(sessionId);
    row = undefined;
  }
  if (!row) {
    const readEpoch = cache?.epoch() ?? 0;
    const fresh = await readSessionAuthRow(db, sessionId);
    if (!fresh) return null;
    if (!isUsable(fresh, now)) {
      await deleteSession(db, sessionId);
      return null;
    }
    row = fresh;
    cache?.set(sessionId, row, { userId: row.user.id, organizationId: row.organizationId }, readEpoch, nowMs);
  }
  const organizationRole = organizationRoleOf(row);
  if (!organizationRole) {
    // The membership of the selected organisation was removed: fall back to the home organisation.
    await db.update(sessions).set({ currentOrganizationId: null }).where(eq(sessions.id, sessionId));
    cache?.forget(sessionId);
    return findSessionAuth(db, token, now, billingRequired);
  }
  if (needsTouch(row, nowMs)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    row = { ...row, session: { ...row.session, lastSeenAt: now } };
    cache?.update(sessionId, row);
  }
  return toAuthContext(row, sessionId, organizationRole, now, billingRequired);
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
