import type { MfaStatus } from '@/contracts/mfa.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';

/**
 * GET /api/mfa/status: is TOTP on, has this session passed it, how many backup codes are left.
 * The session carries every fact (read with it in one query, and cleared with it whenever TOTP or
 * the backup codes change: src/server/sessions/two-factor-state.ts), so nothing more is read here.
 */
export function readMfaStatus(auth: AuthContext): MfaStatus {
  return { totpEnabled: auth.totpEnabled, sessionMfaComplete: auth.totpEnabled && auth.session.mfaVerifiedAt !== null, backupCodesCount: auth.backupCodesCount };
}
