import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, PasswordResetRequestSchema, ResetPasswordInputSchema, type PasswordResetResponse } from '@/contracts/auth.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest, recordAudit } from '../../lib/audit.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { findUserByEmail, normalizeEmail } from './accounts.ts';
import { passwordChangedEmail, passwordResetEmail } from './auth-mail.ts';
import {
  loginFailureKey,
  RESET_ADDRESS_LIMIT,
  RESET_FINISH_IP_LIMIT,
  RESET_IP_LIMIT,
  RESET_TOKEN_LIFETIME_MS,
  RESET_WINDOW_MS,
} from './limits.ts';
import { deleteUserSessions, hashToken } from '../../sessions/session-store.ts';

export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';

/**
 * POST /api/request-password-reset: always the same answer (AUTH-05). For an active account, a
 * single-use token (256 bits, stored as its SHA-256) valid one hour is e-mailed through the
 * outbox; a newer request replaces older tokens (AUTH-06).
 */
export async function requestPasswordReset(request: FastifyRequest): Promise<PasswordResetResponse> {
  const app = request.server;
  const input = parseInput(PasswordResetRequestSchema, request.body);
  const email = normalizeEmail(input.email);
  await enforceRateLimit(app, `reset:ip:${request.ip}`, RESET_IP_LIMIT, RESET_WINDOW_MS, 'Too many password reset requests. Please try again later.');
  const answer: PasswordResetResponse = { success: true, message: AUTH_MESSAGES.resetSuccess };

  // Timing parity (issue #18 defect 4, ADR 177): every path does the same work before answering
  // (both limiter hits, the look-up, a token), and whatever only a real account needs (token
  // row, mail, audit) is queued, so the answer does not reveal whether the address exists.
  const perAddress = await app.rateLimiter.hit(`reset:addr:${email}`, RESET_ADDRESS_LIMIT, RESET_WINDOW_MS);
  const user = await findUserByEmail(app.db, email);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  if (!perAddress.allowed || !user || user.status !== 'active') return answer;

  const now = app.now();
  const audit = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null, requestId: request.id };
  app.backgroundTasks.run('password-reset-mail', async () => {
    await app.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await app.db.insert(passwordResetTokens).values({ tokenHash, userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS), createdAt: now });
    await app.mailer.send(passwordResetEmail(user.email, app.env.APP_URL, token));
    await recordAudit(app.db, now, {
      action: 'password.reset_requested',
      actorUserId: null,
      targetUserId: user.id,
      ip: audit.ip,
      details: { userAgent: audit.userAgent, requestId: audit.requestId },
    });
  });
  return answer;
}

/**
 * POST /api/reset-password: sets the new password, claims the token atomically (one use even
 * under concurrency), revokes every session of the user and e-mails a notice. It signs nobody in
 * (AUTH-07/08) and lifts a login lock-out (self-service unlock, RL-01).
 */
export async function resetPassword(request: FastifyRequest): Promise<PasswordResetResponse> {
  const app = request.server;
  await enforceRateLimit(app, `reset-finish:ip:${request.ip}`, RESET_FINISH_IP_LIMIT, RESET_WINDOW_MS, 'Too many attempts. Please try again later.');
  const input = parseInput(ResetPasswordInputSchema, request.body);
  const tokenHash = hashToken(input.token);
  const now = app.now();
  const stillValid = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

  const [found] = await app.db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(stillValid)
    .limit(1);
  if (!found) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);
  assertPasswordAcceptable(input.password, { email: found.email });
  const passwordHash = await passwordHasher.hash(input.password);

  const claimed = await app.db.update(passwordResetTokens).set({ usedAt: now }).where(stillValid).returning({ userId: passwordResetTokens.userId });
  if (claimed.length !== 1) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);

  await app.db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, found.userId));
  await app.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, found.userId), ne(passwordResetTokens.tokenHash, tokenHash)));
  const revoked = await deleteUserSessions(app.db, found.userId);
  await app.rateLimiter.reset(loginFailureKey(found.email));
  await auditRequest(request, { action: 'password.reset', actorUserId: found.userId, targetUserId: found.userId, details: { sessionsRevoked: revoked } });
  await app.mailer.send(passwordChangedEmail(found.email, app.env.APP_URL, 'reset'));
  return { success: true, message: RESET_DONE_MESSAGE };
}
