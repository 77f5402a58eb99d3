import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberships, organizations, sessions, users } from '../db/schema.ts';
import type { OrganizationRole, Role } from '../sessions/auth-context.ts';
import { hashToken } from '../sessions/session-store.ts';
import { createVerifiedUserSession } from './helpers.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers for organisations and memberships (ADR 140), built straight in the database. */

export async function createOrganizationRow(t: TestApp, name = `Org ${randomBytes(3).toString('hex')}`): Promise<string> {
  const [row] = await t.app.db.insert(organizations).values({ name, subscriptionStatus: 'active' }).returning({ id: organizations.id });
  if (!row) throw new Error('organization insert returned no row');
  return row.id;
}

export async function addMembership(t: TestApp, userId: string, organizationId: string, role: OrganizationRole): Promise<void> {
  await t.app.db.insert(memberships).values({ userId, organizationId, role }).onConflictDoUpdate({ target: [memberships.userId, memberships.organizationId], set: { role } });
}

export function sessionIdOf(cookie: string): string {
  return hashToken(cookie.slice(cookie.indexOf('=') + 1));
}

/** Sets the session's last second factor `ageMs` ago (step-up freshness), written behind the app's back, so its cached copy is dropped as every real change does (ADR 173). */
export async function verifiedAgo(t: TestApp, cookie: string, ageMs: number): Promise<void> {
  await t.app.db
    .update(sessions)
    .set({ mfaVerifiedAt: new Date(t.clock.now().getTime() - ageMs) })
    .where(eq(sessions.id, sessionIdOf(cookie)));
  await t.app.sessionCache.invalidateSession(sessionIdOf(cookie));
}

/** Points the session at an organisation directly (the API way is POST /api/organizations/current). */
export async function selectOrganization(t: TestApp, cookie: string, organizationId: string): Promise<void> {
  await t.app.db.update(sessions).set({ currentOrganizationId: organizationId }).where(eq(sessions.id, sessionIdOf(cookie)));
}

export interface Caller {
  cookie: string;
  userId: string;
  email: string;
  homeOrganizationId: string;
  organizationId: string;
}

/**
 * A verified user (owner of their home organisation) whose session works in `organizationId`
 * with `organizationRole` when given; `partner` marks an approved partner.
 */
export async function createCaller(
  t: TestApp,
  options: { role?: Role; organizationId?: string; organizationRole?: OrganizationRole; partner?: boolean; email?: string } = {},
): Promise<Caller> {
  const { cookie, user } = await createVerifiedUserSession(t, { role: options.role ?? 'user', ...(options.email ? { email: options.email } : {}) });
  await addMembership(t, user.id, user.organizationId, 'owner');
  if (options.partner) await t.app.db.update(users).set({ isPartner: true }).where(eq(users.id, user.id));
  let organizationId = user.organizationId;
  if (options.organizationId) {
    organizationId = options.organizationId;
    await addMembership(t, user.id, organizationId, options.organizationRole ?? 'member');
    await selectOrganization(t, cookie, organizationId);
  }
  return { cookie, userId: user.id, email: user.email, homeOrganizationId: user.organizationId, organizationId };
}

export function send(t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie: string | null, payload?: unknown, ip = '127.0.0.1') {
  return t.app.inject({
    method,
    url,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { origin: t.env.APP_URL, ...(cookie ? { cookie } : {}) },
  });
}

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

/** A second verified member of an existing organisation. */
export async function createMemberOf(t: TestApp, organizationId: string): Promise<SessionUser> {
  const { cookie, user } = await createVerifiedUserSession(t, { organizationId, firstName: 'Member' });
  return { cookie, userId: user.id, organizationId };
}
