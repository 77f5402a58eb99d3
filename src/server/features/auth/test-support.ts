import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { emailOutbox, sessions, userMfa } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createUserAccount } from './create-user.ts';

/** Test-only helpers for the account API tests (not a test file itself). */

export const STRONG_PASSWORD = 'Correct-Horse-Battery-Staple-42';
export const OTHER_STRONG_PASSWORD = 'Violet-Orbit-Lantern-Tides-77';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

interface RequestOptions {
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export async function post(t: TestApp, url: string, payload: unknown, options: RequestOptions = {}) {
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

export function get(t: TestApp, url: string, options: RequestOptions = {}) {
  return t.app.inject({ method: 'GET', url, remoteAddress: options.ip ?? '127.0.0.1', headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers } });
}

/** The session cookie a response set, as a Cookie header value (or null). */
export function sessionCookie(t: TestApp, response: LightMyRequestResponse): string | null {
  const cookie = response.cookies.find((c) => c.name === t.app.sessionCookieName);
  return cookie && cookie.value ? `${t.app.sessionCookieName}=${cookie.value}` : null;
}

export async function createUser(t: TestApp, options: { email?: string; password?: string; role?: 'user' | 'admin' | 'super_admin' } = {}) {
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
export async function createSignedInUser(t: TestApp, options: { role?: 'user' | 'admin' | 'super_admin'; ip?: string } = {}) {
  const user = await createUser(t, options);
  const { cookie } = await logIn(t, user.email, user.password, { ip: options.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (!cookie) throw new Error('login set no cookie');
  await completeMfa(t, user.userId);
  return { ...user, cookie };
}

export async function outboxFor(t: TestApp, to: string) {
  return t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
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

/** A real SMTP server on a free local port (no TLS, no auth) that keeps what it receives. */
export async function startSmtpServer(): Promise<{ url: string; messages: ReceivedMail[]; close(): Promise<void> }> {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
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
