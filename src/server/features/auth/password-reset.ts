import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { PasswordResetResponse } from '@/contracts/auth.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { deleteUserSessions, hashToken } from '../../sessions/session-store.ts';
import { passwordChangedEmail } from './auth-mail.ts';
import { loginFailureKey } from './limits.ts';
import type { AuthOperationOptions } from './operation-options.ts';

export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';

/**
 * POST /api/reset-password (after the per-IP limit in routes.ts): sets the new password, claims
 * the token atomically (one use even under concurrency), revokes every session of the user and
 * e-mails a notice. It signs nobody in (AUTH-07/08) and lifts a login lock-out (self-service
 * unlock, RL-01).
 */
export async function resetPassword(options: AuthOperationOptions & { input: { token: string; password: string } }): Promise<PasswordResetResponse> {
  const { db, mailer, rateLimiter, appUrl, now, audit, input } = options;
  const tokenHash = hashToken(input.token);
  const stillValid = and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

  const [found] = await db
    .select({ userId: passwordResetTokens.userId, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(stillValid)
    .limit(1);
  if (!found) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);
  assertPasswordAcceptable(input.password, { email: found.email });
  const passwordHash = await passwordHasher.hash(input.password);

  const claimed = await db.update(passwordResetTokens).set({ usedAt: now }).where(stillValid).returning({ userId: passwordResetTokens.userId });
  if (claimed.length !== 1) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);

  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, found.userId));
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, found.userId), ne(passwordResetTokens.tokenHash, tokenHash)));
  const revoked = await deleteUserSessions(db, found.userId);
  await rateLimiter.reset(loginFailureKey(found.email));
  await audit({ action: 'password.reset', actorUserId: found.userId, targetUserId: found.userId, details: { sessionsRevoked: revoked } });
  await mailer.send(passwordChangedEmail(found.email, appUrl, 'reset'));
  return { success: true, message: RESET_DONE_MESSAGE };
}
