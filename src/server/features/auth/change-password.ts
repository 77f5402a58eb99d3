import { AppError } from '../../errors.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { deleteUserSessions } from '../../sessions/session-store.ts';
import { findUserById, setPasswordHash } from './accounts.ts';
import { passwordChangedEmail } from './auth-mail.ts';
import type { AuthOperationOptions } from './operation-options.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

/** POST /api/auth/change-password (after the per-user limit in routes.ts): needs the current password (PWD-08); other sessions end (SES-09). */
export async function changePassword(
  options: Omit<AuthOperationOptions, 'rateLimiter'> & { auth: AuthContext; input: { currentPassword: string; newPassword: string } },
): Promise<{ message: string }> {
  const { db, mailer, appUrl, now, audit, auth, input } = options;
  const user = await findUserById(db, auth.user.id);
  if (!user || !(await passwordHasher.verify(user.passwordHash, input.currentPassword))) {
    await audit({ action: 'password.change_failed', targetUserId: auth.user.id });
    throw new AppError('bad_request', WRONG_CURRENT_PASSWORD_MESSAGE, { issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }] });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('bad_request', 'Choose a new password that differs from the current one', {
      issues: [{ path: 'newPassword', message: 'Choose a new password that differs from the current one' }],
    });
  }
  assertPasswordAcceptable(input.newPassword, { email: user.email }, 'newPassword');
  const passwordHash = await passwordHasher.hash(input.newPassword);
  await setPasswordHash(db, user.id, passwordHash, now, { unlock: false });
  const revoked = await deleteUserSessions(db, user.id, auth.session.id);
  await audit({ action: 'password.changed', targetUserId: user.id, details: { otherSessionsRevoked: revoked } });
  await mailer.send(passwordChangedEmail(user.email, appUrl, 'changed'));
  return { message: 'Password changed. Your other sessions were signed out.' };
}
