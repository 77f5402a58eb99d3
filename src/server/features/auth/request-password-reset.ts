import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type PasswordResetResponse } from '@/contracts/auth.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { findRequiredSso } from '../../sessions/sso-policy.ts';
import { findUserByEmail, normalizeEmail } from './accounts.ts';
import { passwordResetEmail } from './auth-mail.ts';
import { RESET_ADDRESS_LIMIT, RESET_TOKEN_LIFETIME_MS, RESET_WINDOW_MS } from './limits.ts';
import type { AuthOperationOptions, RequestClient } from './operation-options.ts';
import { replaceResetToken } from './reset-tokens.ts';

/**
 * POST /api/request-password-reset (after the per-IP limit in routes.ts): always the same answer
 * (AUTH-05). For an active account, a single-use token (256 bits, stored as its SHA-256) valid one
 * hour is e-mailed through the outbox; a newer request replaces older tokens (AUTH-06).
 */
export async function requestPasswordReset(
  options: Omit<AuthOperationOptions, 'audit'> & { email: string; client: RequestClient; backgroundTasks: BackgroundTasks },
): Promise<PasswordResetResponse> {
  const { db, mailer, rateLimiter, appUrl, now, client, backgroundTasks } = options;
  const email = normalizeEmail(options.email);
  const answer: PasswordResetResponse = { success: true, message: AUTH_MESSAGES.resetSuccess };

  // Timing parity (ADR 177): every path does the same work before answering
  // (both limiter hits, the look-up, a token), and whatever only a real account needs (token
  // row, mail, audit) is queued, so the answer does not reveal whether the address exists.
  const perAddress = await rateLimiter.hit(`reset:addr:${email}`, RESET_ADDRESS_LIMIT, RESET_WINDOW_MS);
  const user = await findUserByEmail(db, email);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  if (!perAddress.allowed || !user || user.status !== 'active') return answer;

  const audit = { ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null, requestId: client.requestId };
  backgroundTasks.run('password-reset-mail', async () => {
    // Asked in the background so the answer stays the same in content and timing (ADR 177, 227).
    if (user.role !== 'super_admin' && (await findRequiredSso(db, user.email))) {
      await recordAudit(db, now, { action: 'password.reset_refused_sso', actorUserId: null, targetUserId: user.id, ip: audit.ip, details: { userAgent: audit.userAgent, requestId: audit.requestId } });
      return;
    }
    await replaceResetToken(db, user.id, tokenHash, new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS), now);
    await mailer.send(passwordResetEmail(user.email, appUrl, token));
    await recordAudit(db, now, {
      action: 'password.reset_requested',
      actorUserId: null,
      targetUserId: user.id,
      ip: audit.ip,
      details: { userAgent: audit.userAgent, requestId: audit.requestId },
    });
  });
  return answer;
}
