import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ChangePasswordInputSchema } from '@/contracts/auth.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { findUserById } from './accounts.ts';
import { passwordChangedEmail } from './auth-mail.ts';
import { CHANGE_PASSWORD_LIMIT, CHANGE_PASSWORD_WINDOW_MS } from './limits.ts';
import { deleteUserSessions } from '../../sessions/session-store.ts';
import { requireAuth } from '../../sessions/auth-context.ts';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';

/** POST /api/auth/change-password: needs the current password (PWD-08); other sessions end (SES-09). */
export async function changePassword(request: FastifyRequest): Promise<{ message: string }> {
  const app = request.server;
  const auth = requireAuth(request);
  const input = parseInput(ChangePasswordInputSchema, request.body);
  await enforceRateLimit(app, `password-change:user:${auth.user.id}`, CHANGE_PASSWORD_LIMIT, CHANGE_PASSWORD_WINDOW_MS, 'Too many attempts. Please try again later.');
  const user = await findUserById(app.db, auth.user.id);
  if (!user || !(await passwordHasher.verify(user.passwordHash, input.currentPassword))) {
    await auditRequest(request, { action: 'password.change_failed', targetUserId: auth.user.id });
    throw new AppError('bad_request', WRONG_CURRENT_PASSWORD_MESSAGE, { issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }] });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('bad_request', 'Choose a new password that differs from the current one', {
      issues: [{ path: 'newPassword', message: 'Choose a new password that differs from the current one' }],
    });
  }
  assertPasswordAcceptable(input.newPassword, { email: user.email }, 'newPassword');
  const now = app.now();
  const passwordHash = await passwordHasher.hash(input.newPassword);
  await app.db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  const revoked = await deleteUserSessions(app.db, user.id, auth.session.id);
  await auditRequest(request, { action: 'password.changed', targetUserId: user.id, details: { otherSessionsRevoked: revoked } });
  await app.mailer.send(passwordChangedEmail(user.email, app.env.APP_URL, 'changed'));
  return { message: 'Password changed. Your other sessions were signed out.' };
}
