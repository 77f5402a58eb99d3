import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginInputSchema, type LoginResponse } from '@/contracts/auth.ts';
import { hasSubscriptionAccess } from '@/contracts/billing.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { needsRehash, passwordHasher, verifyAgainstDummy } from '../../lib/passwords.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { findUserByEmail, normalizeEmail } from './accounts.ts';
import { accountLockedEmail } from './auth-mail.ts';
import {
  LOGIN_ACCOUNT_FAILURE_LIMIT,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_HARD_LOCK_FAILURES,
  LOGIN_IP_LIMIT,
  LOGIN_IP_WINDOW_MS,
  loginFailureKey,
} from './limits.ts';
import { createSession, deleteSession } from '../../sessions/session-store.ts';

/** The one failure answer for unknown, wrong-password, pending, rejected and disabled accounts (AUTH-01). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const ACCOUNT_THROTTLED_MESSAGE = 'Too many failed login attempts. Please wait and try again, or reset your password.';
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked after too many failed login attempts. Reset your password to unlock it.';

export async function logIn(request: FastifyRequest, reply: FastifyReply): Promise<LoginResponse> {
  const app = request.server;
  const input = parseInput(LoginInputSchema, request.body);
  const email = normalizeEmail(input.email);
  await enforceRateLimit(app, `login:ip:${request.ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS, 'Too many login attempts from this network. Please wait a minute and try again.');

  // Per-address throttle, the same for known and unknown addresses so it reveals nothing.
  const failureKey = loginFailureKey(email);
  const throttle = await app.rateLimiter.peek(failureKey, LOGIN_ACCOUNT_FAILURE_LIMIT);
  if (!throttle.allowed) {
    await auditRequest(request, { action: 'login.throttled', actorUserId: null, details: { email } });
    throw new AppError('rate_limited', ACCOUNT_THROTTLED_MESSAGE, { retryAfterSeconds: throttle.retryAfterSeconds });
  }

  const user = await findUserByEmail(app.db, email);
  // Exactly one argon2id verification on every path (timing parity, AUTH-02).
  const passwordOk = user ? await passwordHasher.verify(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);

  if (!user || !passwordOk) {
    await app.rateLimiter.hit(failureKey, LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_ACCOUNT_WINDOW_MS);
    if (user) await countFailure(request, user.id, user.email);
    await auditRequest(request, { action: 'login.failure', actorUserId: null, targetUserId: user?.id ?? null, details: { email, reason: user ? 'password' : 'unknown_email' } });
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.status !== 'active') {
    await auditRequest(request, { action: 'login.failure', actorUserId: null, targetUserId: user.id, details: { email, reason: `status_${user.status}` } });
    throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.failedLoginCount >= LOGIN_HARD_LOCK_FAILURES) {
    // Revealed only after a correct password; the fix is a password reset.
    await auditRequest(request, { action: 'login.failure', actorUserId: null, targetUserId: user.id, details: { email, reason: 'locked' } });
    throw new AppError('forbidden', ACCOUNT_LOCKED_MESSAGE);
  }

  const now = app.now();
  const changes: Partial<typeof users.$inferInsert> = { failedLoginCount: 0, lockedUntil: null };
  if (needsRehash(user.passwordHash)) changes.passwordHash = await passwordHasher.hash(input.password);
  await app.db.update(users).set(changes).where(eq(users.id, user.id));
  await app.rateLimiter.reset(failureKey);

  // A new token at every login; a session presented with the request ends here (fixation, SES-04).
  if (request.auth) await deleteSession(app.db, request.auth.session.id);
  const token = await createSession(app.db, user.id, now, { ip: request.ip, userAgent: request.headers['user-agent'] });
  app.setSessionCookie(reply, token);
  await auditRequest(request, { action: 'login.success', actorUserId: user.id, targetUserId: user.id });

  // The same rule as the session check (session-store.ts findSessionAuth, ADR 132).
  const requiresPayment =
    app.env.BILLING === 'required' && user.role === 'user' && !hasSubscriptionAccess(user.subscriptionStatus, user.subscriptionAccessUntil, now);
  return { message: 'Login successful', requiresPayment };
}

async function countFailure(request: FastifyRequest, userId: string, email: string) {
  const app = request.server;
  const [row] = await app.db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  if (row?.failedLoginCount === LOGIN_HARD_LOCK_FAILURES) {
    await app.db.update(users).set({ lockedUntil: app.now() }).where(eq(users.id, userId));
    await auditRequest(request, { action: 'login.locked', actorUserId: null, targetUserId: userId, details: { failures: row.failedLoginCount } });
    await app.mailer.send(accountLockedEmail(email, app.env.APP_URL));
  }
}
