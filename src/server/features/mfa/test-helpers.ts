import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { organizations, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createSession } from '../../sessions/session-store.ts';
import { decodeBase32, generateTotp } from './totp.ts';

/** Test-only helpers for MFA API tests; they touch the database directly, not other features' routes. */

export interface TestUser {
  userId: string;
  email: string;
  /** The Cookie header value of a password-only session. */
  cookie: string;
}

export async function createUserWithSession(t: TestApp, options: { role?: 'user' | 'admin' | 'super_admin'; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const [org] = await t.app.db.insert(organizations).values({ name: 'Test Org', subscriptionStatus: 'active' }).returning({ id: organizations.id });
  const [user] = await t.app.db
    .insert(users)
    .values({ organizationId: org!.id, email, passwordHash: '$argon2id$not-a-real-hash', firstName: 'Test', lastName: 'User', role: options.role ?? 'user' })
    .returning({ id: users.id });
  const token = await createSession(t.app.db, user!.id, t.clock.now());
  return { userId: user!.id, email, cookie: cookieFor(t, token) };
}

export async function startPasswordOnlySession(t: TestApp, userId: string): Promise<string> {
  return cookieFor(t, await createSession(t.app.db, userId, t.clock.now()));
}

export function cookieFor(t: TestApp, token: string): string {
  return `${t.app.sessionCookieName}=${token}`;
}

/** The new session cookie a response set, as a Cookie header value (or null). */
export function readSessionCookie(t: TestApp, response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === t.app.sessionCookieName);
  return cookie && cookie.value ? cookieFor(t, cookie.value) : null;
}

/** What an authenticator app shows at a moment. */
export function totpAt(secret: string, at: Date): string {
  return generateTotp(decodeBase32(secret), at);
}

export function post(t: TestApp, url: string, cookie: string | null, payload: unknown = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { origin: t.env.APP_URL, ...(cookie ? { cookie } : {}) } });
}

export function get(t: TestApp, url: string, cookie: string | null) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export interface Enrolment {
  secret: string;
  qrCodeUri: string;
  backupCodes: string[];
  /** The rotated, MFA-complete session cookie. */
  cookie: string;
}

/** Sets up and confirms TOTP through the API; moves the clock one step on so the next code is fresh. */
export async function enrolTotp(t: TestApp, cookie: string): Promise<Enrolment> {
  const setup = await post(t, '/api/mfa/totp/setup', cookie);
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { qrCodeUri, manualEntryKey } = setup.json<{ qrCodeUri: string; manualEntryKey: string }>();
  const verify = await post(t, '/api/mfa/totp/verify-setup', cookie, { code: totpAt(manualEntryKey, t.clock.now()) });
  if (verify.statusCode !== 200) throw new Error(`verify-setup failed: ${verify.statusCode} ${verify.body}`);
  const newCookie = readSessionCookie(t, verify);
  if (!newCookie) throw new Error('verify-setup set no cookie');
  t.clock.advance(30_000);
  return { secret: manualEntryKey, qrCodeUri, backupCodes: verify.json<{ backupCodes: string[] }>().backupCodes, cookie: newCookie };
}

/** A user with TOTP on and an MFA-complete session. */
export async function createEnrolledUser(t: TestApp, options: { role?: 'user' | 'admin' | 'super_admin' } = {}) {
  const user = await createUserWithSession(t, options);
  const enrolment = await enrolTotp(t, user.cookie);
  return { ...user, ...enrolment };
}
