import { AppError } from '../errors.ts';
import type { AuthContext } from './auth-context.ts';

/**
 * Sensitive actions need a code verified in this session within the last 5 minutes (security.md
 * decision 5, ADR 031): disabling TOTP, regenerating backup codes, an administrator's two-factor
 * reset of another account. Shared here because features never import each other.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

export function requireFreshVerification(auth: AuthContext, now: Date): void {
  const verifiedAt = auth.session.mfaVerifiedAt;
  if (!verifiedAt || now.getTime() - verifiedAt.getTime() > STEP_UP_WINDOW_MS) {
    throw new AppError('step_up_required', 'For your security, confirm with a current authenticator code (or a backup code) first.');
  }
}
