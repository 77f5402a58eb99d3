import type { PasswordResetResponse } from '@/contracts/auth.ts';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { deleteUserSessions, hashToken } from '../../sessions/session-store.ts';
import { findRequiredSso } from '../../sessions/sso-policy.ts';
import { findUserById, setPasswordHash } from './accounts.ts';
import { passwordChangedEmail } from './auth-mail.ts';
import { loginFailureKey } from './limits.ts';
import type { AuthOperationOptions } from './operation-options.ts';
import { claimResetToken, deleteOtherResetTokens, findValidResetToken } from './reset-tokens.ts';

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
  const found = await findValidResetToken(db, tokenHash, now);
  if (!found) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);
  await refuseWhenSsoRequired(db, found);
  assertPasswordAcceptable(input.password, { email: found.email });
  const passwordHash = await passwordHasher.hash(input.password);

  if (!(await claimResetToken(db, tokenHash, now))) throw new AppError('bad_request', INVALID_RESET_LINK_MESSAGE);

  await setPasswordHash(db, found.userId, passwordHash, now, { unlock: true });
  await deleteOtherResetTokens(db, found.userId, tokenHash);
  const revoked = await deleteUserSessions(db, found.userId);
  await rateLimiter.reset(loginFailureKey(found.email));
  await audit({ action: 'password.reset', actorUserId: found.userId, targetUserId: found.userId, details: { sessionsRevoked: revoked } });
  await mailer.send(passwordChangedEmail(found.email, appUrl, 'reset'));
  return { success: true, message: RESET_DONE_MESSAGE };
}

/** A link mailed before SSO became required does not set a password either (ADR 227); a super_admin keeps break-glass. */
async function refuseWhenSsoRequired(db: Database, found: { userId: string; email: string }) {
  if (!(await findRequiredSso(db, found.email))) return;
  const user = await findUserById(db, found.userId);
  if (user?.role !== 'super_admin') throw new AppError('forbidden', SSO_REQUIRED_MESSAGE);
}
