import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Assessment } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { emailOutbox, organizations, sessions, userMfa, users } from '../db/schema.ts';
import { createUserAccount } from '../features/auth/create-user.ts';
import { decodeBase32, generateTotp } from '../features/mfa/totp.ts';
import type { Role } from '../sessions/auth-context.ts';
import { createSession, hashToken } from '../sessions/session-store.ts';
import type { TestApp } from './test-app.ts';
import { deliverableText } from '../mail/outbox.ts';

/**
 * The one module of server test helpers (not a test file itself): requests, users in every state
 * a test needs (password-only, signed in through the real log-in, MFA-verified, TOTP-enrolled),
 * and mail. Like routes.ts it sits above the features, so it may call their code.
 */

export const STRONG_PASSWORD = 'Correct-Horse-Battery-Staple-42';
export const OTHER_STRONG_PASSWORD = 'Violet-Orbit-Lantern-Tides-77';

/**
 * Reads until `isDone` holds or `withinMs` has passed, and gives the last answer: another instance
 * hears a cache invalidation within a second (ADR 173), this one at once (`withinMs` 0: one read).
 */
export async function readUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

// Requests

interface RequestOptions {
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export async function post(t: TestApp, url: string, payload: unknown = {}, options: RequestOptions = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { origin: t.env.APP_URL, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  // Work the route queued without waiting (e.g. the reset mail, ADR 177) is done before a test looks at its effects.
  await t.app.backgroundTasks.idle();
  return response;
}

/**
 * A source of client addresses `<prefix>.x.y`, a new one per call, so per-IP budgets never leak
 * between tests. Each file passes its own prefix (`'10.1'`, `'10.2'`, ...), so an address in a
 * log line names the file that sent it.
 */
export function freshIps(prefix: string): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}.${Math.floor(counter / 250)}.${counter % 250}`;
  };
}

export function get(t: TestApp, url: string, options: RequestOptions = {}) {
  return t.app.inject({ method: 'GET', url, remoteAddress: options.ip ?? '127.0.0.1', headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers } });
}

/** The session cookie a response set, as a Cookie header value (or null). */
export function sessionCookie(t: TestApp, response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === t.app.sessionCookieName);
  return cookie && cookie.value ? `${t.app.sessionCookieName}=${cookie.value}` : null;
}

export function cookieFor(t: TestApp, token: string): string {
  return `${t.app.sessionCookieName}=${token}`;
}

// Users and sessions

export async function createUser(t: TestApp, options: { email?: string; password?: string; role?: Role } = {}) {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password ?? STRONG_PASSWORD;
  const created = await createUserAccount(t.app.db, { email, password, role: options.role ?? 'user', firstName: 'Test', lastName: 'Person' }, t.clock.now());
  return { userId: created.userId, email, password };
}

export async function logIn(t: TestApp, email: string, password: string, options: RequestOptions = {}) {
  const response = await post(t, '/api/auth/login', { email, password }, options);
  return { response, cookie: sessionCookie(t, response) };
}

/**
 * Marks the user as TOTP-enrolled and their sessions as MFA-verified, directly in the database,
 * so account tests reach `user`-level routes without depending on the MFA feature's flow.
 */
export async function completeMfa(t: TestApp, userId: string): Promise<void> {
  const now = t.clock.now();
  await t.app.db.insert(userMfa).values({ userId, totpEnabledAt: now }).onConflictDoUpdate({ target: userMfa.userId, set: { totpEnabledAt: now } });
  await t.app.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.userId, userId));
  await t.app.sessionCache.invalidateUser(userId);
}

/** A signed-in user with an MFA-complete session. */
export async function createSignedInUser(t: TestApp, options: { role?: Role; ip?: string } = {}) {
  const user = await createUser(t, options);
  const { cookie } = await logIn(t, user.email, user.password, { ip: options.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (!cookie) throw new Error('login set no cookie');
  await completeMfa(t, user.userId);
  return { ...user, cookie };
}

export interface TestUser {
  userId: string;
  email: string;
  /** The Cookie header value of a password-only session. */
  cookie: string;
}

export async function createUserWithSession(t: TestApp, options: { role?: Role; email?: string } = {}): Promise<TestUser> {
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

/** What an authenticator app shows at a moment. */
export function totpAt(secret: string, at: Date): string {
  return generateTotp(decodeBase32(secret), at);
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
  const setup = await post(t, '/api/mfa/totp/setup', {}, { cookie });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { qrCodeUri, manualEntryKey } = setup.json<{ qrCodeUri: string; manualEntryKey: string }>();
  const verify = await post(t, '/api/mfa/totp/verify-setup', { code: totpAt(manualEntryKey, t.clock.now()) }, { cookie });
  if (verify.statusCode !== 200) throw new Error(`verify-setup failed: ${verify.statusCode} ${verify.body}`);
  const newCookie = sessionCookie(t, verify);
  if (!newCookie) throw new Error('verify-setup set no cookie');
  t.clock.advance(30_000);
  return { secret: manualEntryKey, qrCodeUri, backupCodes: verify.json<{ backupCodes: string[] }>().backupCodes, cookie: newCookie };
}

/** A user with TOTP on and an MFA-complete session. */
export async function createEnrolledUser(t: TestApp, options: { role?: Role } = {}) {
  const user = await createUserWithSession(t, options);
  const enrolment = await enrolTotp(t, user.cookie);
  return { ...user, ...enrolment };
}

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

// Mail

/**
 * The messages to `to` as their recipient receives them (secret links included, as SMTP would
 * deliver them: ADR 190). What an administrator may read is `storedOutboxFor`.
 */
export async function outboxFor(t: TestApp, to: string) {
  const rows = await storedOutboxFor(t, to);
  return rows.map((row) => ({ ...row, text: deliverableText(row, t.env.ENCRYPTION_KEY) }));
}

/**
 * The outbox rows to `to` as stored (secret links replaced by a note), oldest first. Messages sent
 * at the same instant of the test clock come in no set order: a test that needs the later one moves
 * the clock between them (PostgreSQL returns an updated row after newer ones without an order).
 */
export async function storedOutboxFor(t: TestApp, to: string) {
  return t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt);
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a local port (a free one unless given; no TLS, no auth) that keeps what it receives. */
export async function startSmtpServer(listenPort = 0): Promise<{ url: string; messages: ReceivedMail[]; close(): Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token from an e-mail text (the link carries it in the fragment). */
export function extractResetToken(text: string): string {
  const match = /reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

/** A request as a signed-in browser sends it (Origin on unsafe methods, for the CSRF check). */
export async function call(t: TestApp, cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'GET' ? {} : { origin: t.env.APP_URL }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A completed assessment made through the assessments API (completed at the test clock's time). */
export async function completeAssessment(t: TestApp, cookie: string, input: RiskInput, seed = 1, title?: string): Promise<Assessment> {
  const created = await call(t, cookie, 'POST', '/api/assessments', { input, ...(title ? { title } : {}) });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const completed = await call(t, cookie, 'POST', `/api/assessments/${created.json<Assessment>().id}/complete`, { seed });
  if (completed.statusCode !== 200) throw new Error(`complete failed: ${completed.body}`);
  return completed.json<Assessment>();
}

/** A completed assessment whose answers were given through the app's autosave, so its provenance names the caller. */
export async function completeAnsweredInApp(t: TestApp, cookie: string, input: RiskInput): Promise<Assessment> {
  const draft = (await call(t, cookie, 'POST', '/api/assessments', {})).json<Assessment>();
  const answered = await call(t, cookie, 'PATCH', `/api/assessments/${draft.id}`, { input });
  if (answered.statusCode !== 200) throw new Error(`answers not saved: ${answered.body}`);
  const completed = await call(t, cookie, 'POST', `/api/assessments/${draft.id}/complete`, { seed: 1 });
  if (completed.statusCode !== 200) throw new Error(`complete failed: ${completed.body}`);
  return completed.json<Assessment>();
}

/** A new MFA-verified session for an existing user at the clock's current time (sessions expire when tests move time). */
export async function freshCookie(t: TestApp, userId: string): Promise<string> {
  const now = t.clock.now();
  const token = await createSession(t.app.db, userId, now);
  await t.app.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
  return `${t.app.sessionCookieName}=${token}`;
}
